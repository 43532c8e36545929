import { Content, Tab, TabTitleText, Tabs } from '@patternfly/react-core';
import { Table, Tbody, Td, Th, Thead, Tr } from '@patternfly/react-table';
import { useState } from 'react';
import { stringify } from 'yaml';
import { CodeView } from '../CodeView/CodeView';
import { Dialog } from '../Dialog/Dialog';
import type { JobHistoryRow } from './api';
import { JOB_DETAIL_TAB_TITLES, errorsView, jobDetailTabs, type JobDetailTab } from './jobDetails';

function Yaml({ value }: { value: unknown }) {
  return <CodeView value={stringify(value)} language="yaml" readOnly height={360} />;
}

/** A string as text, a list as a table with an Error column, a map as YAML (spec 001). */
function Errors({ errors }: { errors: unknown }) {
  const view = errorsView(errors);
  if (view.kind === 'text') {
    return (
      <Content component="pre" style={{ whiteSpace: 'pre-wrap' }}>
        {view.text}
      </Content>
    );
  }
  if (view.kind === 'map') return <Yaml value={view.value} />;
  return (
    <Table aria-label="Errors" variant="compact">
      <Thead>
        <Tr>
          <Th>Error</Th>
        </Tr>
      </Thead>
      <Tbody>
        {view.errors.map((error, i) => (
          <Tr key={i}>
            <Td dataLabel="Error" style={{ whiteSpace: 'pre-wrap' }}>
              {error}
            </Td>
          </Tr>
        ))}
      </Tbody>
    </Table>
  );
}

/** "Details for job {name}": Errors, Scrape Summary and Reconcile Summary, when they hold data. */
export function JobDetailsDialog({ job, onClose }: { job: JobHistoryRow; onClose: () => void }) {
  const tabs = jobDetailTabs(job.details);
  const [tab, setTab] = useState<JobDetailTab | undefined>(tabs[0]);
  const details = job.details ?? {};
  return (
    <Dialog isOpen onClose={onClose} title={`Details for job ${job.name ?? job.id}`} size="large">
      <Tabs
        aria-label="Job details"
        activeKey={tab}
        onSelect={(_e, key) => setTab(key as JobDetailTab)}
        mountOnEnter
        unmountOnExit
      >
        {tabs.map((key) => (
          <Tab
            key={key}
            eventKey={key}
            title={<TabTitleText>{JOB_DETAIL_TAB_TITLES[key]}</TabTitleText>}
          >
            <div style={{ paddingTop: 16 }}>
              {key === 'errors' ? (
                <Errors errors={details.errors} />
              ) : (
                <Yaml value={details[key]} />
              )}
            </div>
          </Tab>
        ))}
      </Tabs>
    </Dialog>
  );
}
