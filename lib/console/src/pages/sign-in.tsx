/**
 * The page before the console: "Sign in" (a person, at the organization's OpenID provider:
 * `../sign-in.ts`), and below it the API key form integrators use. A key is checked with one
 * `GET /api/sites` before it is kept.
 *
 * @module
 */
import { useState } from 'preact/hooks';
import { ApiError, callApi, describeError, isWellFormedKey } from '../api';
import { Notice } from '../components';
import type { SignInSettings } from '../sign-in';

/**
 * Checks a key with one `GET /api/sites` before it is kept: a malformed key is refused without a
 * call, a refused or unreachable one says why, a rate-limited one is a valid key (the pages retry).
 */
function useKeyCheck(initialMessage: string | null, onAccepted: (key: string) => void) {
  const [message, setMessage] = useState<string | null>(initialMessage);
  const [checking, setChecking] = useState(false);
  const check = async (input: string) => {
    const key = input.trim();
    if (!key) return setMessage('Paste an API key first.');
    if (!isWellFormedKey(key)) {
      return setMessage(
        'That is not an API key: a key is cnk_ followed by 43 letters, digits, - or _, with no spaces.',
      );
    }
    setChecking(true);
    setMessage(null);
    try {
      await callApi('/api/sites', key);
      onAccepted(key);
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'rateLimited') onAccepted(key);
      else setMessage(describeError(error));
    } finally {
      setChecking(false);
    }
  };
  return { message, checking, check };
}

/** What the sign-in page is told. */
export interface SignInPageProps {
  /** The sign-in settings: undefined while read, null when only keys are accepted. */
  settings: SignInSettings | null | undefined;
  /** A person's sign-in in progress ("Signing you in…"). */
  busy: string | null;
  /** Why the person is here again (a refused or expired sign-in, a failed one). */
  signInNotice: string | null;
  /** Why the key form is back (a refused key). */
  keyNotice: string | null;
  onSignIn: () => void;
  onKeyAccepted: (key: string) => void;
}

/** Sign in, or open the console with an API key. */
export function SignInPage(props: SignInPageProps) {
  return (
    <main id="main" class="key-page">
      <h1>Charging network console</h1>
      <PersonSignIn {...props} />
      <KeyForm notice={props.keyNotice} onAccepted={props.onKeyAccepted} />
      <p>
        <a href="/api/docs">API reference</a> (no key needed)
      </p>
    </main>
  );
}

function PersonSignIn(props: SignInPageProps) {
  const { settings, busy } = props;
  return (
    <section class="sign-in" aria-labelledby="sign-in-heading">
      <h2 id="sign-in-heading">People</h2>
      {props.signInNotice ? (
        <Notice kind="error">
          <p>{props.signInNotice}</p>
        </Notice>
      ) : null}
      {busy ? (
        <Notice kind="info">
          <p>{busy}</p>
        </Notice>
      ) : settings === null ? (
        <p class="muted">People cannot sign in here (no identity provider is configured): use an API key below.</p>
      ) : (
        <>
          <button type="button" onClick={props.onSignIn} disabled={settings === undefined}>
            Sign in
          </button>
          <p class="muted">
            With your account at your organization's identity provider
            {settings ? ` (${new URL(settings.issuer).host})` : ''}. An owner invites you by e-mail. You stay signed in
            in this tab only; the console keeps no password and no token on disk.
          </p>
        </>
      )}
    </section>
  );
}

function KeyForm(props: { notice: string | null; onAccepted: (key: string) => void }) {
  const [value, setValue] = useState('');
  const { message, checking, check } = useKeyCheck(props.notice, props.onAccepted);
  const submit = (event: Event) => {
    event.preventDefault();
    void check(value);
  };
  return (
    <section aria-labelledby="key-heading">
      <h2 id="key-heading">Integrators</h2>
      <form class="key-form" onSubmit={submit} aria-describedby="key-help">
        <label for="api-key">API key</label>
        <input
          id="api-key"
          name="api-key"
          type="password"
          autoComplete="off"
          spellcheck={false}
          value={value}
          onInput={(event) => setValue((event.target as HTMLInputElement).value)}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? 'key-error' : undefined}
        />
        <button type="submit" disabled={checking}>
          {checking ? 'Checking…' : 'Open console'}
        </button>
        <p id="key-help" class="muted">
          The key stays in this tab only (session storage), is sent only as an Authorization header to this site's API,
          and is forgotten when the tab closes.
        </p>
      </form>
      {message ? (
        <div id="key-error">
          <Notice kind="error">
            <p>{message}</p>
          </Notice>
        </div>
      ) : null}
    </section>
  );
}
