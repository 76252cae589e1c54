/**
 * The console's shell: the key form until a key is accepted, then the navigation and the page of
 * the location hash. The key is checked with one `GET /api/sites` before it is kept.
 *
 * @module
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { ApiError, callApi, describeError, isWellFormedKey } from './api';
import { Notice } from './components';
import { createSession, keyStore, SessionContext } from './context';
import { ChargerPage } from './pages/charger';
import { SitePowerPage } from './pages/site-power';
import { SitesPage } from './pages/sites';
import { VehiclesPage } from './pages/vehicles';
import { SessionsPage } from './pages/sessions';
import { AccessIdsPage } from './pages/access-ids';
import { FirmwarePage } from './pages/firmware';
import { AlertsPage } from './pages/alerts';
import { AlertCount } from './pages/alert-count';
import { WebhooksPage } from './pages/webhooks';
import { parseRoute, type Route } from './route';

/**
 * The route of the location hash, kept current. The listener is added in an effect, which runs
 * after the first paint: the hash is read again then, so a change in between is not missed.
 */
function useRoute(): Route {
  const [hash, setHash] = useState(() => location.hash);
  useEffect(() => {
    const onChange = () => setHash(location.hash);
    addEventListener('hashchange', onChange);
    onChange();
    return () => removeEventListener('hashchange', onChange);
  }, []);
  return useMemo(() => parseRoute(hash), [hash]);
}

/** The whole console. */
export function App() {
  const [key, setKey] = useState(() => keyStore.get());
  const [notice, setNotice] = useState<string | null>(null);
  const session = useMemo(
    () =>
      key === null
        ? null
        : createSession(key, (error) => {
            keyStore.set(null);
            setKey(null);
            setNotice(error ? describeError(error) : null);
          }),
    [key],
  );
  if (!session) {
    return (
      <KeyForm
        notice={notice}
        onAccepted={(accepted) => {
          keyStore.set(accepted);
          setNotice(null);
          setKey(accepted);
        }}
      />
    );
  }
  return (
    <SessionContext.Provider value={session}>
      <Shell onSignOut={() => session.signOut()} />
    </SessionContext.Provider>
  );
}

function Shell(props: { onSignOut: () => void }) {
  const route = useRoute();
  const current = route.page === 'sitePower' || route.page === 'charger' ? 'sites' : route.page;
  useEffect(() => document.getElementById('main')?.focus({ preventScroll: true }), [route]);
  return (
    <>
      {/* A button, not a #main link: the hash is the route. */}
      <button type="button" class="skip" onClick={() => document.getElementById('main')?.focus()}>
        Skip to content
      </button>
      <header class="top">
        <span class="brand">Charging network</span>
        <nav aria-label="Pages">
          <a href="#/sites" aria-current={current === 'sites' ? 'page' : undefined}>
            Sites
          </a>
          <a href="#/vehicles" aria-current={current === 'vehicles' ? 'page' : undefined}>
            Vehicles
          </a>
          <a href="#/access-ids" aria-current={current === 'accessIds' ? 'page' : undefined}>
            Access IDs
          </a>
          <a href="#/sessions" aria-current={current === 'sessions' ? 'page' : undefined}>
            Sessions
          </a>
          <a href="#/firmware" aria-current={current === 'firmware' ? 'page' : undefined}>
            Firmware
          </a>
          <a href="#/alerts" aria-current={current === 'alerts' ? 'page' : undefined}>
            Alerts
            <AlertCount />
          </a>
          <a href="#/webhooks" aria-current={current === 'webhooks' ? 'page' : undefined}>
            Webhooks
          </a>
          <a href="/api/docs">API reference</a>
        </nav>
        <button type="button" class="secondary" onClick={props.onSignOut}>
          Forget key
        </button>
      </header>
      <main id="main" tabIndex={-1}>
        <Page route={route} />
      </main>
    </>
  );
}

function Page(props: { route: Route }) {
  const { route } = props;
  switch (route.page) {
    case 'sites':
      return <SitesPage />;
    case 'sitePower':
      return <SitePowerPage siteId={route.siteId} />;
    case 'charger':
      return <ChargerPage chargerId={route.chargerId} tab={route.tab} />;
    case 'vehicles':
      return <VehiclesPage />;
    case 'sessions':
      return <SessionsPage />;
    case 'accessIds':
      return <AccessIdsPage />;
    case 'firmware':
      return <FirmwarePage />;
    case 'alerts':
      return <AlertsPage />;
    case 'webhooks':
      return <WebhooksPage />;
    case 'notFound':
      return (
        <Notice kind="warn">
          <p>
            There is no page {route.hash}. <a href="#/sites">Go to the sites</a>.
          </p>
        </Notice>
      );
  }
}

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

function KeyForm(props: { notice: string | null; onAccepted: (key: string) => void }) {
  const [value, setValue] = useState('');
  const { message, checking, check } = useKeyCheck(props.notice, props.onAccepted);
  const submit = (event: Event) => {
    event.preventDefault();
    void check(value);
  };
  return (
    <main id="main" class="key-page">
      <h1>Charging network console</h1>
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
      <p>
        <a href="/api/docs">API reference</a> (no key needed)
      </p>
    </main>
  );
}
