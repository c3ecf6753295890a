/**
 * HTML of the embedded provider's pages: sign-in, sign-up, sign-out and errors. Plain forms and
 * one <style> element: no script and no inline event handlers, so the strict CSP holds.
 * The visible texts are part of the product and end-to-end tests find them.
 */

export const TEXTS = {
  signInHeading: "Sign in to Parley",
  signInButton: "Sign in",
  toSignUp: "Create an account",
  signUpHeading: "Create your account",
  signUpButton: "Create account",
  toSignIn: "Sign in",
  signOutHeading: "Sign out of Parley?",
  signOutButton: "Sign out",
  staySignedIn: "Stay signed in",
  signedOutHeading: "You are signed out",
  continueButton: "Continue",
  backToParley: "Back to Parley",
  errorHeading: "Sign-in could not continue",
} as const;

/** HTML-escapes text and attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

const STYLE = `
:root{color-scheme:light dark;--bg:#f8fafc;--card:#fff;--text:#0f172a;--muted:#64748b;--border:#e2e8f0;
--accent:#4f46e5;--accent-hover:#4338ca;--error-bg:#fef2f2;--error:#b91c1c;--focus:#a5b4fc}
@media (prefers-color-scheme:dark){:root{--bg:#0b1120;--card:#111827;--text:#f1f5f9;--muted:#94a3b8;
--border:#1f2937;--accent:#6366f1;--accent-hover:#818cf8;--error-bg:#450a0a;--error:#fecaca;--focus:#4f46e5}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px;
background:var(--bg);color:var(--text);font:16px/1.5 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:100%;max-width:400px;background:var(--card);border:1px solid var(--border);border-radius:16px;
padding:32px;box-shadow:0 10px 30px rgba(15,23,42,.08)}
.brand{display:flex;align-items:center;gap:8px;font-weight:700;font-size:18px;margin-bottom:24px}
.brand span{display:inline-flex;width:28px;height:28px;border-radius:8px;background:var(--accent);color:#fff;
align-items:center;justify-content:center;font-size:15px}
h1{font-size:24px;line-height:1.25;margin:0 0 20px}
p{margin:0 0 16px;color:var(--muted)}
label{display:block;font-weight:600;font-size:14px;margin:0 0 6px}
input{display:block;width:100%;padding:10px 12px;margin:0 0 16px;border:1px solid var(--border);border-radius:10px;
background:transparent;color:inherit;font:inherit}
input:focus,button:focus-visible,a:focus-visible{outline:3px solid var(--focus);outline-offset:1px}
button{width:100%;padding:11px 16px;border:0;border-radius:10px;background:var(--accent);color:#fff;font:inherit;
font-weight:600;cursor:pointer}
button:hover{background:var(--accent-hover)}
button.secondary{background:transparent;color:var(--text);border:1px solid var(--border);margin-top:10px}
.alert{background:var(--error-bg);color:var(--error);border-radius:10px;padding:10px 12px;margin:0 0 16px;font-size:14px}
.switch{margin:20px 0 0;text-align:center;font-size:14px;color:var(--muted)}
a{color:var(--accent);font-weight:600}
`;

function layout(title: string, body: string) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} · Parley</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="brand" aria-hidden="true"><span>P</span>Parley</div>
${body}
</main>
</body>
</html>`;
}

function alert(message: string | undefined) {
  return message ? `<p class="alert" role="alert">${escapeHtml(message)}</p>` : "";
}

export type SignInPage = { action: string; signUpHref: string; email?: string; error?: string };

export function renderSignIn(page: SignInPage) {
  return layout(
    TEXTS.signInHeading,
    `<h1>${TEXTS.signInHeading}</h1>
${alert(page.error)}
<form method="post" action="${escapeHtml(page.action)}" novalidate>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(page.email)}"${page.email ? "" : " autofocus"}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${page.email ? " autofocus" : ""}>
<button type="submit">${TEXTS.signInButton}</button>
</form>
<p class="switch">New to Parley? <a href="${escapeHtml(page.signUpHref)}">${TEXTS.toSignUp}</a></p>`,
  );
}

export type SignUpPage = { action: string; signInHref: string; name?: string; email?: string; error?: string };

export function renderSignUp(page: SignUpPage) {
  return layout(
    TEXTS.signUpHeading,
    `<h1>${TEXTS.signUpHeading}</h1>
${alert(page.error)}
<form method="post" action="${escapeHtml(page.action)}" novalidate>
<label for="name">Name</label>
<input id="name" name="name" type="text" autocomplete="name" required maxlength="100" value="${escapeHtml(page.name)}" autofocus>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(page.email)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="8" aria-describedby="password-hint">
<p id="password-hint">At least 8 characters.</p>
<button type="submit">${TEXTS.signUpButton}</button>
</form>
<p class="switch">Already have an account? <a href="${escapeHtml(page.signInHref)}">${TEXTS.toSignIn}</a></p>`,
  );
}

/** The sign-out confirmation; `form` is the provider's hidden form (its xsrf token). */
export function renderSignOut(form: string) {
  return layout(
    TEXTS.signOutHeading,
    `<h1>${TEXTS.signOutHeading}</h1>
<p>You will be signed out of Parley on this browser.</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>${TEXTS.signOutButton}</button>
<button type="submit" form="op.logoutForm" class="secondary">${TEXTS.staySignedIn}</button>`,
  );
}

export function renderSignedOut(homeUrl: string) {
  return layout(
    TEXTS.signedOutHeading,
    `<h1>${TEXTS.signedOutHeading}</h1>
<p>You have been signed out of Parley.</p>
<p><a href="${escapeHtml(homeUrl)}">${TEXTS.backToParley}</a></p>`,
  );
}

/**
 * A form the browser must post to continue, where the provider would auto-submit it with a
 * script. `hiddenInputs` is the provider's own, already escaped, hidden inputs.
 */
export function renderContinue(action: string, hiddenInputs: string) {
  return layout(
    TEXTS.continueButton,
    `<h1>One more step</h1>
<form method="post" action="${escapeHtml(action)}">
${hiddenInputs}
<button type="submit" autofocus>${TEXTS.continueButton}</button>
</form>`,
  );
}

export function renderError(message: string, homeUrl: string) {
  return layout(
    TEXTS.errorHeading,
    `<h1>${TEXTS.errorHeading}</h1>
${alert(message)}
<p><a href="${escapeHtml(homeUrl)}">${TEXTS.backToParley}</a></p>`,
  );
}

/** A page that tells something done, with the way back to Parley. */
export function renderNotice(heading: string, message: string, homeUrl: string) {
  return layout(
    heading,
    `<h1>${escapeHtml(heading)}</h1>
<p role="status">${escapeHtml(message)}</p>
<p><a href="${escapeHtml(homeUrl)}">${TEXTS.backToParley}</a></p>`,
  );
}
