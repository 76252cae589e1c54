/**
 * The console's shell: the sign-in page (a person signs in at the organization's OpenID provider,
 * an integrator pastes an API key) until one is done, then the navigation — who is signed in and
 * the role — and the page of the location hash.
 *
 * @module
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { ApiError, describeError } from './api';
import { Notice } from './components';
import {
  type ConsoleSession,
  createSession,
  keyStore,
  MeContext,
  SessionContext,
  SiteZonesContext,
  useLoadSiteZones,
  useSession,
} from './context';
import {
  beginSignIn,
  completeSignIn,
  describeSignInError,
  forgetSignIn,
  isRedirectBack,
  readSignInSettings,
  type SignedIn,
  type SignInSettings,
  signOutAt,
  wasSignedIn,
} from './sign-in';
import type { Me } from './types';

import { SignInPage } from './pages/sign-in';
import { UsersPage } from './pages/users';
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

/** How this tab calls the API: an integrator's key, or a signed-in person's tokens (memory only). */
type Credential = { kind: 'key'; key: string } | { kind: 'person'; signedIn: SignedIn };

/**
 * The sign-in settings, read once; on the provider's redirect back, the code exchanged; in a tab
 * that had signed in (a reload), the sign-in started again (the provider's session answers it
 * without a password).
 */
function useSignIn(start: boolean, onSignedIn: (signedIn: SignedIn) => void) {
  const [settings, setSettings] = useState<SignInSettings | null | undefined>(undefined);
  const [busy, setBusy] = useState<string | null>(() =>
    start && (isRedirectBack() || wasSignedIn()) ? 'Signing you in…' : null,
  );
  const [notice, setNotice] = useState<string | null>(null);
  // Once per page load.
  useEffect(() => {
    readSignInSettings()
      .then(async (read) => {
        setSettings(read);
        if (!start || !read) return;
        if (isRedirectBack()) onSignedIn(await completeSignIn(read));
        else if (wasSignedIn()) return beginSignIn(read);
      })
      .catch((error: unknown) => setNotice(describeSignInError(error)))
      .finally(() => setBusy(null));
  }, []);
  const signIn = () => {
    if (!settings) return;
    setBusy('Signing you in…');
    beginSignIn(settings).catch((error: unknown) => {
      setBusy(null);
      setNotice(describeSignInError(error));
    });
  };
  return { settings, busy, notice, setNotice, signIn };
}

/** The whole console. */
export function App() {
  const [credential, setCredential] = useState<Credential | null>(() => {
    const key = keyStore.get();
    return key === null ? null : { kind: 'key', key };
  });
  const [keyNotice, setKeyNotice] = useState<string | null>(null);
  const signIn = useSignIn(credential === null, (signedIn) => setCredential({ kind: 'person', signedIn }));
  const session = useMemo(() => {
    if (credential === null) return null;
    const token = credential.kind === 'key' ? credential.key : credential.signedIn.accessToken;
    return createSession(token, (error) => {
      setCredential(null);
      if (credential.kind === 'key') {
        keyStore.set(null);
        setKeyNotice(error ? describeError(error) : null);
      } else if (error) {
        // Expired, or refused (the person removed): the sign-in page, no automatic sign-in.
        forgetSignIn();
        signIn.setNotice(
          error.kind === 'unauthorized'
            ? `Your sign-in has ended: ${error.message.replace(/^The API refused this key /, 'the API refused it ')} Sign in again.`
            : describeError(error),
        );
      } else {
        signOutAt(signIn.settings ?? null, credential.signedIn);
      }
    });
  }, [credential]);
  if (!session || !credential) {
    return (
      <SignInPage
        settings={signIn.settings}
        busy={signIn.busy}
        signInNotice={signIn.notice}
        keyNotice={keyNotice}
        onSignIn={signIn.signIn}
        onKeyAccepted={(accepted) => {
          keyStore.set(accepted);
          setKeyNotice(null);
          setCredential({ kind: 'key', key: accepted });
        }}
      />
    );
  }
  return (
    <SessionContext.Provider value={session}>
      <Shell signOutLabel={credential.kind === 'key' ? 'Forget key' : 'Sign out'} onSignOut={() => session.signOut()} />
    </SessionContext.Provider>
  );
}

/** Who is calling (`GET /api/me`), read once per session; a refusal signs out as any 401 does. */
function useMe(session: ConsoleSession): Me | null {
  const [me, setMe] = useState<Me | null>(null);
  useEffect(() => {
    let live = true;
    session
      .call<{ data: Me }>('/api/me')
      .then((answer) => live && setMe(answer.data))
      .catch((error: unknown) => {
        if (live && error instanceof ApiError && error.kind === 'unauthorized') session.signOut(error);
      });
    return () => {
      live = false;
    };
  }, [session]);
  return me;
}

function Shell(props: { signOutLabel: string; onSignOut: () => void }) {
  const route = useRoute();
  const session = useSession();
  const me = useMe(session);
  const zones = useLoadSiteZones(session);
  const current = route.page === 'sitePower' || route.page === 'charger' ? 'sites' : route.page;
  useEffect(() => document.getElementById('main')?.focus({ preventScroll: true }), [route]);
  const link = (href: string, page: Route['page'], label: string) => (
    <a href={href} aria-current={current === page ? 'page' : undefined}>
      {label}
    </a>
  );
  return (
    <MeContext.Provider value={me}>
      <SiteZonesContext.Provider value={zones}>
        {/* A button, not a #main link: the hash is the route. */}
        <button type="button" class="skip" onClick={() => document.getElementById('main')?.focus()}>
          Skip to content
        </button>
        <header class="top">
          <span class="brand">Charging network</span>
          <nav aria-label="Pages">
            {link('#/sites', 'sites', 'Sites')}
            {link('#/vehicles', 'vehicles', 'Vehicles')}
            {link('#/access-ids', 'accessIds', 'Access IDs')}
            {link('#/sessions', 'sessions', 'Sessions')}
            {link('#/firmware', 'firmware', 'Firmware')}
            <a href="#/alerts" aria-current={current === 'alerts' ? 'page' : undefined}>
              Alerts
              <AlertCount />
            </a>
            {link('#/webhooks', 'webhooks', 'Webhooks')}
            {me?.role === 'owner' && me.siteId === null ? link('#/users', 'users', 'Users') : null}
            <a href="/api/docs">API reference</a>
          </nav>
          {me ? (
            <span class="who" title={me.kind === 'user' ? 'Signed in as' : 'API key'}>
              {me.kind === 'user' ? me.email : `Key ${me.name}`} · <span class="role">{me.role}</span>
            </span>
          ) : null}
          <button type="button" class="secondary" onClick={props.onSignOut}>
            {props.signOutLabel}
          </button>
        </header>
        <main id="main" tabIndex={-1}>
          <Page route={route} />
        </main>
      </SiteZonesContext.Provider>
    </MeContext.Provider>
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
    case 'users':
      return <UsersPage />;
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
