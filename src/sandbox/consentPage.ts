import type { ScopeConfig } from './tenant';

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const STYLE = `
body { font-family: system-ui, sans-serif; background: #f4f5f7; color: #1f2328; margin: 0; }
main { max-width: 34rem; margin: 3rem auto; background: #fff; border-radius: 8px; padding: 2rem; box-shadow: 0 1px 4px rgba(0,0,0,.15); }
h1 { font-size: 1.3rem; margin-top: 0; }
.sandbox { font-size: .8rem; color: #6e7781; text-transform: uppercase; letter-spacing: .05em; }
ul { padding-left: 1.2rem; } li { margin: .3rem 0; } code { background: #eff1f3; padding: 0 .2rem; border-radius: 3px; }
label { display: block; margin: 1rem 0 .3rem; font-weight: 600; }
select { width: 100%; padding: .4rem; font-size: 1rem; }
.buttons { display: flex; gap: .6rem; margin-top: 1.5rem; }
button { flex: 1; padding: .6rem; font-size: 1rem; border-radius: 6px; border: 1px solid #d0d7de; cursor: pointer; }
#approve { background: #1f883d; color: #fff; border-color: #1a7f37; }
.note { font-size: .85rem; color: #57606a; }
.error { color: #cf222e; }
label.check { font-weight: normal; margin: .8rem 0 0; }
`;

function layout(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="sandbox">Tenant GraphQL Sandbox</div>
${body}
</main>
</body>
</html>
`;
}

/** One selectable user on the consent page. */
export interface ConsentUserOption {
  id: string;
  name: string;
  /** Requested scopes this user has not approved for the application yet. */
  newScopes: string[];
  /** Whether the user ever approved this application. */
  knownApplication: boolean;
}

/** The browser's signed-in user on a consent page. */
export interface SignedInUser {
  id: string;
  name: string;
  /** Requested scopes the user has not approved for the application yet (all on first use). */
  newScopes: ScopeConfig[];
  /** Requested scopes the user approved before. */
  approvedScopes: string[];
  /** Whether the user ever approved this application. */
  knownApplication: boolean;
}

/** Everything the sign-in and consent page shows. */
export interface ConsentPageModel {
  teamName: string;
  clientName: string;
  clientId: string;
  redirectUri: string;
  /** Every requested scope. */
  scopes: ScopeConfig[];
  users: ConsentUserOption[];
  /**
   * The user this browser is signed in as: the page then only asks that user's consent (for the
   * new scopes). Undefined when the Sandbox does not know who is at the browser: the page then
   * signs in and asks consent at once.
   */
  signedIn?: SignedInUser;
  /** Whether "Stay signed in on this browser" starts ticked; by default only for a signed-in user. */
  remember?: boolean;
  requestId: string;
  csrfToken: string;
}

function userNote(u: ConsentUserOption): string {
  if (!u.knownApplication) {
    return 'first use';
  }
  return u.newScopes.length === 0 ? 'already approved' : `new: ${u.newScopes.join(', ')}`;
}

function scopeList(scopes: readonly ScopeConfig[]): string {
  return scopes.length === 0
    ? '<li>No scopes: the application will not be able to read any data.</li>'
    : scopes.map((s) => `<li><code>${escapeHtml(s.name)}</code> ${escapeHtml(s.description)}</li>`).join('\n');
}

/**
 * The sign-in and consent page. Without a signed-in user: pick a demo user, then approve or deny
 * (a user who approved every requested scope before is only signed in). With one: the consent
 * prompt for that user's new scopes, where another user can still be chosen. Every value is escaped.
 */
export function renderConsentPage(m: ConsentPageModel): string {
  const options = m.users
    .map(
      (u) => `<option value="${escapeHtml(u.id)}"${u.id === m.signedIn?.id ? ' selected' : ''}>${escapeHtml(u.name)} (${escapeHtml(u.id)}) - ${escapeHtml(userNote(u))}</option>`,
    )
    .join('\n');
  // Only where the Sandbox does not know who is at the browser: signing in is no decision; E1
  // prompts afterwards only for first use or additional scopes.
  const signInButton = m.signedIn === undefined ? '<button type="submit" id="sign-in">Sign in</button>\n' : '';
  const form = (label: string, note: string) => `<form method="post" action="authorize">
<input type="hidden" name="request_id" value="${escapeHtml(m.requestId)}">
<input type="hidden" name="csrf_token" value="${escapeHtml(m.csrfToken)}">
<label for="user">${label}</label>
<select name="user" id="user">
${options}
</select>
<label class="check"><input type="checkbox" name="remember" value="1" id="remember"${(m.remember ?? m.signedIn !== undefined) ? ' checked' : ''}> Stay signed in on this browser</label>
<p class="note">${note}</p>
<div class="buttons">
${signInButton}<button type="submit" name="decision" value="deny" id="deny">Deny</button>
<button type="submit" name="decision" value="approve" id="approve">Approve</button>
</div>
</form>
<p class="note" id="go-back">Then go back to <strong>${escapeHtml(m.clientName)}</strong>, the VS Code window or tab you came from: the sign-in finishes there. Your answer is sent to <code>${escapeHtml(m.redirectUri)}</code>.</p>
`;
  const app = `<strong>${escapeHtml(m.clientName)}</strong> (<code>${escapeHtml(m.clientId)}</code>)`;
  const s = m.signedIn;
  if (s === undefined) {
    return layout(
      `Sign in to ${m.teamName}`,
      `
<h1>Sign in to ${escapeHtml(m.teamName)}</h1>
<p>${app} asks for access to your data:</p>
<ul id="scopes">
${scopeList(m.scopes)}
</ul>
${form('Sign in as', 'Consent is remembered per user and application. Sign in: a user who approved these scopes before is only signed in; on first use or for scopes the application has not been given yet, the next page asks. Approve signs in and grants at once.')}`,
    );
  }
  const approved =
    s.approvedScopes.length === 0 ? '' : `<p class="note" id="approved">Already approved: ${s.approvedScopes.map((n) => `<code>${escapeHtml(n)}</code>`).join(' ')}</p>\n`;
  const ask = s.knownApplication ? 'asks for more access to your data:' : 'asks for access to your data:';
  return layout(
    `Allow ${m.clientName}`,
    `
<h1>Allow ${escapeHtml(m.clientName)}?</h1>
<p id="signed-in">Signed in to ${escapeHtml(m.teamName)} as <strong>${escapeHtml(s.name)}</strong> (${escapeHtml(s.id)}).</p>
<p>${app} ${ask}</p>
<ul id="scopes">
${scopeList(s.newScopes)}
</ul>
${approved}${form('Continue as', `Not ${escapeHtml(s.name)}? Choose another user: Approve signs them in and grants the scopes they have not approved yet.`)}`,
  );
}

/** An error page for requests that cannot be redirected back to the application. */
export function renderErrorPage(title: string, message: string): string {
  return layout(
    title,
    `
<h1 class="error">${escapeHtml(title)}</h1>
<p id="message">${escapeHtml(message)}</p>
<p class="note">Nothing was sent to the application. Go back to it and start signing in again.</p>
`,
  );
}

/** The sign-out page: a button while the browser is signed in, a confirmation after. */
export function renderSignOutPage(signedIn: boolean): string {
  if (!signedIn) {
    return layout(
      'Signed out',
      `
<h1>Signed out</h1>
<p id="message">This browser is not signed in to the Sandbox. The next sign-in asks which user you are.</p>
`,
    );
  }
  return layout(
    'Sign out',
    `
<h1>Sign out</h1>
<p id="message">This browser stays signed in to the Sandbox. Sign out to choose another user at the next sign-in.</p>
<form method="post" action="signout">
<div class="buttons"><button type="submit" id="signout">Sign out</button></div>
</form>
`,
  );
}
