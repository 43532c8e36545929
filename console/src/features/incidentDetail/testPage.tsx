import { screen } from '@testing-library/react';
import { renderPage } from '../../test/render';
import { IncidentDetailPage } from './IncidentDetailPage';
import { INCIDENT_ID } from './testData';

/** Opens /incidents/{id} the way the app mounts it (`query` e.g. '?comments=true'). */
export function openDetail(query = '') {
  return renderPage(<IncidentDetailPage />, {
    path: '/incidents/:id',
    url: `/incidents/${INCIDENT_ID}${query}`,
    session: true,
  });
}

/** Resolves once the incident has loaded. */
export const detailHeading = () => screen.findByRole('heading', { level: 1, name: /INC-7/ });
