/**
 * Demo data for the local stack: an organization, a site, a DCFC charger with 2 CCS1 ports, a
 * Level 2 charger with 1 J1772 port (no OCPP password, so any simulator connects at once), the
 * simulator fleet's ten chargers `SIM-1`…`SIM-10`, the depot's ten vans `Demo Van 1`…`10` each
 * with its driver's RFID card (`SIM-TAG-1`…`10`: van N is the one the fleet's N-th connector
 * charges, `lib/simulator/depot.ts`; `SIM-TAG-1` is the simulator's default tag) and an
 * organization-scoped API key.
 */
import { randomBytes } from 'node:crypto';
import type { Role } from '../../shared/organizations';
import { inviteUser, processDirectory } from '../../shared/users';
import type { Db } from '../../shared/db';
import { createOrganization, listOrganizations } from '../../shared/organizations';
import { createApiKey } from '../../shared/api/api-keys';
import { createSite, registerCharger } from '../../shared/chargers';
import type { Charger } from '../../shared/api/routes/charger-views';
import { createAccessId, createVehicle } from '../../shared/access';
import { PORT_MAX_POWER_W } from '../simulator';
import { depotVans, type DepotVan } from '../simulator/depot';
import { planFleet } from '../simulator/fleet';

/** Chargers seeded for the simulator's fleet mode: `npm run simulate -- --fleet 10` connects them all. */
export const DEMO_FLEET_SIZE = 10;

/** The demo customer, owner of every van and card. */
const DEMO_CUSTOMER = { name: 'Demo Logistics' };

/** What the seed created; `apiKey` is the only copy of the key. */
export interface DemoData {
  organization: { id: number; name: string };
  site: { id: number; name: string; timezone: string };
  chargers: Pick<Charger, 'id' | 'name' | 'ocppId' | 'type' | 'numberOfPorts'>[];
  /** The simulator fleet's chargers (`SIM-1`…); absent in demo files written before they were seeded. */
  fleet?: Pick<Charger, 'id' | 'name' | 'ocppId' | 'type' | 'numberOfPorts'>[];
  /** The depot's vans, van N for the fleet's N-th charger; absent in demo files written before they were seeded. */
  vans?: { id: number; name: string; vin: string; idTag: string }[];
  /** One person of each role, who sign in at the local OpenID provider; absent in older demo files. */
  people?: { email: string; role: Role; password: string }[];
  apiKey: string;
}

/**
 * Invites one person of each role into the demo organization, with a random password each (kept
 * in the demo file and printed at every start): the people who sign in to the console locally.
 */
export async function seedPeople(db: Db, organizationId: number): Promise<NonNullable<DemoData['people']>> {
  const people = [];
  for (const role of ['owner', 'admin', 'operator', 'viewer'] as const) {
    const email = `${role}@demo-fleet.example.com`;
    const password = randomBytes(9).toString('base64url');
    await inviteUser(db, processDirectory(), { organizationId, scope: 'organization' }, { email, role }, 'npm start', {
      temporaryPassword: password,
      sendInvitation: false,
    });
    people.push({ email, role, password });
  }
  return people;
}

/** True when the table already holds an organization (so the demo must not be seeded again). */
export async function isSeeded(db: Db): Promise<boolean> {
  return (await listOrganizations(db)).length > 0;
}

/** The demo chargers: a DCFC with 2 CCS1 ports (150 kW each) and a Level 2 with 1 J1772 port (19.2 kW). */
async function seedChargers(db: Db, siteId: number): Promise<Charger[]> {
  const dcfc = await registerCharger(db, {
    siteId,
    ocppId: 'DEMO-DCFC-1',
    name: 'Depot DCFC 1',
    type: 'DCFC',
    externalId: 'STATION-0001',
    manufacturer: 'DemoCharge',
    model: 'DC-150',
    serialNumber: 'DC150-0001',
    latitude: 37.7955,
    longitude: -122.2797,
    ports: [
      { connectorType: 'CCS1', maximumPowerKw: 150 },
      { connectorType: 'CCS1', maximumPowerKw: 150 },
    ],
  });
  const level2 = await registerCharger(db, {
    siteId,
    ocppId: 'DEMO-L2-1',
    name: 'Depot Level 2 1',
    type: 'Level 2',
    externalId: 'STATION-0002',
    manufacturer: 'DemoCharge',
    model: 'AC-19',
    serialNumber: 'AC19-0001',
    latitude: 37.7957,
    longitude: -122.2795,
    ports: [{ connectorType: 'J1772', maximumPowerKw: 19.2 }],
  });
  return [dcfc, level2];
}

/**
 * The simulator's default fleet (`SIM-1`…`SIM-10`, DC and AC as the fleet alternates them, one
 * port each at the simulator's default maximum), registered on the demo site so that
 * `npm run simulate -- --fleet 10` connects without any setup.
 */
async function seedFleet(db: Db, siteId: number): Promise<Charger[]> {
  const chargers: Charger[] = [];
  for (const member of planFleet({ size: DEMO_FLEET_SIZE })) {
    const dc = member.currentType === 'DC';
    chargers.push(
      await registerCharger(db, {
        siteId,
        ocppId: member.ocppId,
        name: `Fleet ${member.ocppId}`,
        type: dc ? 'DCFC' : 'Level 2',
        ports: [{ connectorType: dc ? 'CCS1' : 'J1772', maximumPowerKw: PORT_MAX_POWER_W[member.currentType] / 1000 }],
      }),
    );
  }
  return chargers;
}

/** A depot van with its driver's RFID card attached, so that a session it starts shows which van is charging. */
async function seedVanWithCard(
  db: Db,
  organizationId: number,
  van: DepotVan,
): Promise<NonNullable<DemoData['vans']>[number]> {
  await createAccessId(db, organizationId, {
    type: 'RFID',
    name: `Demo driver card ${van.number}`,
    ocppIdTag: van.idTag,
    customer: DEMO_CUSTOMER,
  });
  const vehicle = await createVehicle(db, organizationId, {
    name: van.name,
    make: 'Ford',
    model: 'E-Transit',
    vin: van.vin,
    customer: DEMO_CUSTOMER,
    accessIds: [{ ocppIdTag: van.idTag }],
  });
  return { id: vehicle.id, name: van.name, vin: van.vin, idTag: van.idTag };
}

/** Seeds the demo data. */
export async function seedDemo(db: Db): Promise<DemoData> {
  const organization = await createOrganization(db, { name: 'Demo Fleet' });
  const site = await createSite(db, {
    organizationId: organization.id,
    name: 'Demo Depot',
    address: '100 Harbor Way, Oakland, CA 94607',
    timezone: 'America/Los_Angeles',
  });
  const chargers = await seedChargers(db, site.id);
  const fleet = await seedFleet(db, site.id);
  const vans = [];
  for (const van of depotVans(DEMO_FLEET_SIZE)) vans.push(await seedVanWithCard(db, organization.id, van));
  const key = await createApiKey(db, {
    organizationId: organization.id,
    scope: 'organization',
    name: 'Demo key',
    // The console's key does everything the console offers, the people's page included.
    role: 'owner',
  });
  return {
    organization: { id: organization.id, name: organization.name },
    site: { id: site.id, name: site.name, timezone: site.timezone },
    chargers: chargers.map(({ id, name, ocppId, type, numberOfPorts }) => ({ id, name, ocppId, type, numberOfPorts })),
    fleet: fleet.map(({ id, name, ocppId, type, numberOfPorts }) => ({ id, name, ocppId, type, numberOfPorts })),
    vans,
    people: await seedPeople(db, organization.id),
    apiKey: key.apiKey,
  };
}
