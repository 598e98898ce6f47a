// The Chat view's text as a person sees it, for the `chat` part of the suite (test/integration/chat):
// the test in the extension host asks through the browser harness (instruction `chatView`) and reads
// the answer from a file.
import { renameSync, writeFileSync } from 'node:fs';

/**
 * Waits at most 60 s for the workbench's chat session (`.interactive-session`) to show `contains`,
 * then writes `{ text }` to `out`; on failure `{ error, text }` with what it showed.
 */
export async function readChatView(context, { contains, out }) {
  const write = (value) => {
    writeFileSync(`${out}.partial`, JSON.stringify(value));
    renameSync(`${out}.partial`, out);
  };
  let text = '';
  try {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      for (const page of context.pages()) {
        text = await page
          .locator('.interactive-session')
          .first()
          .innerText({ timeout: 2_000 })
          .catch(() => text);
        if (text.includes(contains)) {
          write({ text });
          return;
        }
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    write({ error: `the Chat view did not show ${JSON.stringify(contains)} within 60 s`, text });
  } catch (err) {
    write({ error: String(err?.stack ?? err), text });
  }
}
