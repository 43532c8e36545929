import type { ComponentProperty, TopologyComponent } from './types';

export interface Headline {
  label: string;
  value: string;
}

/** How a property reads on a card: its text, else its value with the unit. */
export function propertyValue(property: ComponentProperty): string {
  const text = property.text?.trim();
  if (text) return text;
  if (property.value === null || property.value === undefined || property.value === '') return '';
  const unit = property.unit?.trim();
  return unit ? `${String(property.value)} ${unit}` : String(property.value);
}

/** The properties marked `headline: true`, with a name and something to show, in their order. */
export function headlineProperties(component: Pick<TopologyComponent, 'properties'>): Headline[] {
  const properties = Array.isArray(component.properties) ? component.properties : [];
  return properties.flatMap((property) => {
    if (property?.headline !== true) return [];
    const label = property.label?.trim() || property.name?.trim();
    const value = propertyValue(property);
    return label && value ? [{ label, value }] : [];
  });
}
