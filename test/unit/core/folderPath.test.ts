/**
 * Files the extension writes for a workspace folder stay inside it on disk: symbolic links are
 * followed before the check (a folder of the path, or the file itself), `..` and other absolute
 * paths are refused, and what is inside (a folder not made yet, a link that stays inside) is
 * allowed. Real temporary folders with real links. Each refused case is one the path-text check
 * of the settings (`insideFolder`) lets through, or one it never sees (generated files' paths).
 */
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { insideFolder } from '../../../src/core/codegen/typesSettings';
import { OUTSIDE_FOLDER, resolveInsideFolder, type FolderPathCheck } from '../../../src/core/folderPath';

function refused(check: FolderPathCheck): string {
  assert.equal(check.ok, false, `refused: ${JSON.stringify(check)}`);
  return (check as { reason: string }).reason;
}

function allowed(check: FolderPathCheck): string {
  assert.ok(check.ok, `allowed: ${JSON.stringify(check)}`);
  return check.path;
}

describe('resolveInsideFolder (files written for a workspace folder)', () => {
  let tmp: string;
  let folder: string;
  let outside: string;

  beforeEach(() => {
    // Real paths: on some systems the temporary folder is itself reached through a link.
    tmp = realpathSync(mkdtempSync(path.join(tmpdir(), 'folder-path-')));
    folder = path.join(tmp, 'repo');
    outside = path.join(tmp, 'outside');
    mkdirSync(folder);
    mkdirSync(outside);
  });
  afterEach(() => rmSync(tmp, { recursive: true, force: true }));

  it('refuses a folder of the path that is a symbolic link out of the folder', async () => {
    symlinkSync(outside, path.join(folder, 'generated'));
    assert.equal(insideFolder('generated/settings.json'), 'generated/settings.json', 'the settings check lets it through');
    const reason = refused(await resolveInsideFolder(folder, 'generated/settings.json'));
    assert.ok(reason.includes(OUTSIDE_FOLDER));
    assert.ok(reason.includes(outside), reason);
    // Also deeper, below folders not made yet, and given as an absolute path.
    refused(await resolveInsideFolder(folder, 'generated/a/b/schema.graphql'));
    refused(await resolveInsideFolder(folder, path.join(folder, 'generated', 'schema.graphql')));
  });

  it('refuses a file that is a symbolic link out of the folder (existing target or not)', async () => {
    writeFileSync(path.join(outside, 'settings.json'), '{}');
    symlinkSync(path.join(outside, 'settings.json'), path.join(folder, 'schema.json'));
    symlinkSync(path.join(outside, 'not-yet.json'), path.join(folder, 'dangling.json'));
    assert.equal(insideFolder('schema.json'), 'schema.json', 'the settings check lets it through');
    refused(await resolveInsideFolder(folder, 'schema.json'));
    refused(await resolveInsideFolder(folder, 'dangling.json'));
  });

  it('refuses a symbolic link to nothing on the way (it would lead wherever its target is made)', async () => {
    symlinkSync(path.join(outside, 'later'), path.join(folder, 'generated'));
    refused(await resolveInsideFolder(folder, 'generated/schema.graphql'));
  });

  it('refuses `..` out of the folder and absolute paths elsewhere, and the folder itself', async () => {
    for (const file of ['../outside/schema.graphql', 'a/../../outside/x.ts', path.join(outside, 'schema.graphql'), '.', '']) {
      refused(await resolveInsideFolder(folder, file));
    }
    // A sibling whose name starts like the folder's is not inside it.
    mkdirSync(`${folder}-other`);
    refused(await resolveInsideFolder(folder, `${folder}-other/schema.graphql`));
  });

  it('refuses when the folder itself is not there', async () => {
    refused(await resolveInsideFolder(path.join(tmp, 'missing'), 'schema.graphql'));
  });

  it('allows a file in folders not made yet, and `..` that stays inside', async () => {
    assert.equal(allowed(await resolveInsideFolder(folder, 'src/gen/deep/graphql.generated.ts')), path.join(folder, 'src', 'gen', 'deep', 'graphql.generated.ts'));
    assert.equal(allowed(await resolveInsideFolder(folder, 'a/../schema.graphql')), path.join(folder, 'schema.graphql'));
  });

  it('allows a folder reached through a symbolic link that stays inside, and answers the real path', async () => {
    mkdirSync(path.join(folder, 'real', 'types'), { recursive: true });
    symlinkSync(path.join(folder, 'real'), path.join(folder, 'linked'));
    symlinkSync('real/types', path.join(folder, 'relative'));
    assert.equal(allowed(await resolveInsideFolder(folder, 'linked/types/a.generated.ts')), path.join(folder, 'real', 'types', 'a.generated.ts'));
    assert.equal(allowed(await resolveInsideFolder(folder, 'relative/new/b.generated.ts')), path.join(folder, 'real', 'types', 'new', 'b.generated.ts'));
    // A file that is a link to a file inside: written there.
    writeFileSync(path.join(folder, 'real', 'schema.graphql'), '');
    symlinkSync(path.join(folder, 'real', 'schema.graphql'), path.join(folder, 'schema.graphql'));
    assert.equal(allowed(await resolveInsideFolder(folder, 'schema.graphql')), path.join(folder, 'real', 'schema.graphql'));
  });

  it('allows a workspace folder that is itself opened through a symbolic link', async () => {
    const opened = path.join(tmp, 'opened');
    symlinkSync(folder, opened);
    assert.equal(allowed(await resolveInsideFolder(opened, 'schema.graphql')), path.join(folder, 'schema.graphql'));
    symlinkSync(outside, path.join(folder, 'generated'));
    refused(await resolveInsideFolder(opened, 'generated/schema.graphql'));
  });
});
