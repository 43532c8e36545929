import { PageSection } from '@patternfly/react-core';
import { useCallback } from 'react';
import { hasGrant } from '../../app/access';
import { usePageHeader } from '../../app/pageHeader';
import { useSession } from '../../app/session';
import { useJobs } from '../../components/JobHistory/api';
import { JobHistoryTable } from '../../components/JobHistory/JobHistoryTable';
import { UnauthorizedPage } from '../errors/UnauthorizedPage';
import { JobsFilters } from './JobsFilters';
import { jobQueryOf, useJobsUrlState } from './jobsUrlState';

export const JOBS_PATH = '/settings/jobs';
export const JOBS_TITLE = 'Job History';
/** The policy object guarding job_histories on the server (operator/src/postgrest/exposure.ts). */
export const JOBS_OBJECT = 'database';

/** /settings/jobs: every background run, filtered and paged on the server (spec 001). */
export function JobsPage() {
  const { whoami } = useSession();
  if (!hasGrant(whoami, JOBS_OBJECT, 'read')) return <UnauthorizedPage />;
  return <JobsList />;
}

function JobsList() {
  const { state, update } = useJobsUrlState();
  const { page, error, isLoading, isValidating, mutate } = useJobs(jobQueryOf(state));
  const refresh = useCallback(() => void mutate(), [mutate]);
  usePageHeader({ title: JOBS_TITLE, onRefresh: refresh, isLoading: isValidating });
  return (
    <PageSection>
      <JobsFilters state={state} onChange={update} />
      <JobHistoryTable
        tableId="settings-jobs"
        rows={page?.rows}
        total={page?.total ?? 0}
        error={error}
        isLoading={isLoading}
        page={state.page}
        pageSize={state.pageSize}
        onPageChange={(p) => update({ page: p })}
        onPageSizeChange={(pageSize) => update({ pageSize })}
        sort={state.sort}
        onSort={(sort) => update({ sort })}
      />
    </PageSection>
  );
}
