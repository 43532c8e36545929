/** Spec 000 §3: the incident types, in the UI's spelling — one list for every incident screen. */
export const INCIDENT_TYPES = [
  { value: 'cost', label: 'Cost' },
  { value: 'availability', label: 'Availability' },
  { value: 'performance', label: 'Performance' },
  { value: 'security', label: 'Security' },
  { value: 'integration', label: 'Integration' },
  { value: 'compliance', label: 'Compliance' },
  { value: 'technicalDebt', label: 'Technical Debt' },
  { value: 'reliability', label: 'Reliability' },
] as const satisfies readonly { value: string; label: string }[];
