/**
 * Demo data for the local stack: an organization, a site, a DCFC charger with 2 CCS1 ports, a
 * Level 2 charger with 1 J1772 port (no OCPP password, so any simulator connects at once), the
 * simulator fleet's ten chargers `SIM-1`…`SIM-10`, a van
 * with a driver's RFID card (`SIM-TAG-1`, the simulator's default tag) and an organization-scoped
 * API key.
 */
import type { Db } from '../../shared/db';
import { createOrganization, listOrganizations } from '../../shared/organizations/organizations';
import { createApiKey } from '../../shared/organizations/api-keys';
import { createSite } from '../../shared/chargers/sites';
import { registerCharger } from '../../shared/chargers/registration';
import type { Charger } from '../../shared/api/schemas/chargers';
import { createAccessId } from '../../shared/access/access-ids';
import { createVehicle, updateVehicle } from '../../shared/access/vehicle-writes';
import { PORT_MAX_POWER_W } from '../simulator';
import { planFleet } from '../simulator/fleet';

/** Chargers seeded for the simulator's fleet mode: `npm run simulate -- --fleet 10` connects them all. */
export const DEMO_FLEET_SIZE = 10;

/** The demo RFID card's tag: the simulator's default idTag. */
export const DEMO_ID_TAG = 'SIM-TAG-1';

/** What the seed created; `apiKey` is the only copy of the key. */
export interface DemoData {
  organization: { id: number; name: string };
  site: { id: number; name: string; timezone: string };
  chargers: Pick<Charger, 'id' | 'name' | 'ocppId' | 'type' | 'numberOfPorts'>[];
  /** The simulator fleet's chargers (`SIM-1`…); absent in demo files written before they were seeded. */
  fleet?: Pick<Charger, 'id' | 'name' | 'ocppId' | 'type' | 'numberOfPorts'>[];
  apiKey: string;
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
        ocppId: member.chargePointId,
        name: `Fleet ${member.chargePointId}`,
        type: dc ? 'DCFC' : 'Level 2',
        ports: [{ connectorType: dc ? 'CCS1' : 'J1772', maximumPowerKw: PORT_MAX_POWER_W[member.currentType] / 1000 }],
      }),
    );
  }
  return chargers;
}

/** The simulator's default tag as a driver's RFID card attached to a van, so a demo session shows who is charging. */
async function seedVanWithCard(db: Db, organizationId: number): Promise<void> {
  const customer = { name: 'Demo Logistics' };
  const van = await createVehicle(db, organizationId, {
    name: 'Demo Van 1',
    make: 'Ford',
    model: 'E-Transit',
    vin: '1FTBW9CK0PKA00001',
    customer,
  });
  await createAccessId(db, organizationId, {
    type: 'RFID',
    name: 'Demo driver card',
    ocppIdTag: DEMO_ID_TAG,
    customer,
  });
  await updateVehicle(db, organizationId, van.id, { accessIds: [{ ocppIdTag: DEMO_ID_TAG }] });
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
  await seedVanWithCard(db, organization.id);
  const key = await createApiKey(db, { organizationId: organization.id, scope: 'organization', name: 'Demo key' });
  return {
    organization: { id: organization.id, name: organization.name },
    site: { id: site.id, name: site.name, timezone: site.timezone },
    chargers: chargers.map(({ id, name, ocppId, type, numberOfPorts }) => ({ id, name, ocppId, type, numberOfPorts })),
    fleet: fleet.map(({ id, name, ocppId, type, numberOfPorts }) => ({ id, name, ocppId, type, numberOfPorts })),
    apiKey: key.apiKey,
  };
}
