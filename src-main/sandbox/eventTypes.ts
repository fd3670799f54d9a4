// The organization's external-score event types, per perspective. A real tenant configures its
// own; the sandbox seeds a few for perspectives 1 and 2 so that clients can practise the
// recommended flow (read the event types, then post scores with those keys).

export interface SandboxEventType {
  id: number;
  eventTypeKey: string;
  name: string;
  perspectiveId: number;
  group: { id: number; name: string; sname: string };
}

const operational = { id: 11, name: 'Operational', sname: 'operational' };
const sustainability = { id: 21, name: 'Sustainability', sname: 'sustainability' };

export const EVENT_TYPES: readonly SandboxEventType[] = [
  {
    id: 101,
    eventTypeKey: 'supplier_audit',
    name: 'Supplier audit',
    perspectiveId: 1,
    group: operational,
  },
  {
    id: 102,
    eventTypeKey: 'quality_incident',
    name: 'Quality incident',
    perspectiveId: 1,
    group: operational,
  },
  {
    id: 103,
    eventTypeKey: 'delivery_performance',
    name: 'Delivery performance',
    perspectiveId: 1,
    group: operational,
  },
  {
    id: 201,
    eventTypeKey: 'esg_rating',
    name: 'ESG rating',
    perspectiveId: 2,
    group: sustainability,
  },
  {
    id: 202,
    eventTypeKey: 'carbon_disclosure',
    name: 'Carbon disclosure',
    perspectiveId: 2,
    group: sustainability,
  },
];

export function eventTypeByKey(key: string): SandboxEventType | undefined {
  return EVENT_TYPES.find((t) => t.eventTypeKey === key);
}

export function eventTypesOf(
  perspectiveId: number,
): { id: number; eventTypeKey: string; name: string }[] {
  return EVENT_TYPES.filter((t) => t.perspectiveId === perspectiveId).map((t) => ({
    id: t.id,
    eventTypeKey: t.eventTypeKey,
    name: t.name,
  }));
}

/** Risk band of a score value (1..100, higher is riskier), in the API's Score.risk words. */
export function riskOf(value: number): 'NA' | 'No' | 'Low' | 'Mid' | 'High' | 'Critical' {
  if (value < 1) return 'NA';
  if (value <= 20) return 'No';
  if (value <= 40) return 'Low';
  if (value <= 60) return 'Mid';
  if (value <= 80) return 'High';
  return 'Critical';
}
