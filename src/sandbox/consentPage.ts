import type { ScopeConfig } from './tenant';

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
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

/** Everything the consent page shows. */
export interface ConsentPageModel {
  teamName: string;
  clientName: string;
  clientId: string;
  redirectUri: string;
  scopes: ScopeConfig[];
  users: ConsentUserOption[];
  requestId: string;
  csrfToken: string;
}

function userNote(u: ConsentUserOption): string {
  if (!u.knownApplication) {
    return 'first use';
  }
  return u.newScopes.length === 0 ? 'already approved' : `new: ${u.newScopes.join(', ')}`;
}

/** The sign-in and consent page: pick a demo user, then approve or deny. Every value is escaped. */
export function renderConsentPage(m: ConsentPageModel): string {
  const scopeItems = m.scopes.length === 0
    ? '<li>No scopes: the application will not be able to read any data.</li>'
    : m.scopes.map((s) => `<li><code>${escapeHtml(s.name)}</code> ${escapeHtml(s.description)}</li>`).join('\n');
  const options = m.users
    .map((u) => `<option value="${escapeHtml(u.id)}">${escapeHtml(u.name)} (${escapeHtml(u.id)}) - ${escapeHtml(userNote(u))}</option>`)
    .join('\n');
  return layout(`Sign in to ${m.teamName}`, `
<h1>Sign in to ${escapeHtml(m.teamName)}</h1>
<p><strong>${escapeHtml(m.clientName)}</strong> (<code>${escapeHtml(m.clientId)}</code>) asks for access to your data:</p>
<ul id="scopes">
${scopeItems}
</ul>
<form method="post" action="authorize">
<input type="hidden" name="request_id" value="${escapeHtml(m.requestId)}">
<input type="hidden" name="csrf_token" value="${escapeHtml(m.csrfToken)}">
<label for="user">Sign in as</label>
<select name="user" id="user">
${options}
</select>
<p class="note">Approving is remembered per user: you will be asked again only when the application requests more scopes.</p>
<div class="buttons">
<button type="submit" name="decision" value="deny" id="deny">Deny</button>
<button type="submit" name="decision" value="approve" id="approve">Approve</button>
</div>
</form>
<p class="note">You will be sent back to <code>${escapeHtml(m.redirectUri)}</code>.</p>
`);
}

/** An error page for requests that cannot be redirected back to the application. */
export function renderErrorPage(title: string, message: string): string {
  return layout(title, `
<h1 class="error">${escapeHtml(title)}</h1>
<p id="message">${escapeHtml(message)}</p>
<p class="note">Nothing was sent to the application. Go back to it and start signing in again.</p>
`);
}
