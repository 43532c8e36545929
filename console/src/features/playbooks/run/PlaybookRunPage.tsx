import {
  Alert,
  Bullseye,
  Card,
  CardBody,
  CardTitle,
  Grid,
  GridItem,
  PageSection,
  Spinner,
  Stack,
  StackItem,
} from '@patternfly/react-core';
import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import { hasGrant } from '../../../app/access';
import { usePageHeader } from '../../../app/pageHeader';
import { useSession } from '../../../app/session';
import { SettingsCrumbs } from '../../../components/SettingsResource/SettingsResource';
import { UnauthorizedPage } from '../../errors/UnauthorizedPage';
import { RUNS_PATH } from '../paths';
import { isActionEnded, isRunEnded } from '../runs/runStatus';
import { playbookTitle, type RunDetail } from '../types';
import { ActionOutput } from './ActionOutput';
import { ActionTimeline, defaultAction } from './ActionTimeline';
import { useActionOutput, useRun, useRunRefs } from './api';
import { RunArtifacts } from './RunArtifacts';
import { RunControls } from './RunControls';
import { RunHeader } from './RunHeader';
import { RunParameters } from './RunParameters';

const LIST = { path: RUNS_PATH, title: 'Playbook Runs' };

/** /playbooks/runs/{id}: one run, followed live until it ends. */
export function PlaybookRunPage() {
  const { id = '' } = useParams();
  const { whoami } = useSession();
  if (!hasGrant(whoami, 'playbook_runs', 'read')) return <UnauthorizedPage />;
  return <RunView key={id} id={id} canAct={hasGrant(whoami, 'playbook_runs', 'write')} />;
}

function RunView({ id, canAct }: { id: string; canAct: boolean }) {
  const { run, error, isLoading, mutate } = useRun(id);
  const refs = useRunRefs(id);
  const refresh = useCallback(() => void mutate(), [mutate]);
  // Not isValidating: the refresh button would spin with every poll.
  usePageHeader({ title: 'Playbook Run', onRefresh: refresh, isLoading });

  if (!run) {
    return (
      <PageSection>
        <SettingsCrumbs list={LIST} current={id} />
        {error ? (
          <Alert variant="danger" isInline title={error.message} />
        ) : (
          isLoading && (
            <Bullseye style={{ minHeight: '40vh' }}>
              <Spinner aria-label="Loading" />
            </Bullseye>
          )
        )}
      </PageSection>
    );
  }
  return (
    <PageSection>
      <SettingsCrumbs list={LIST} current={playbookTitle(refs?.playbooks) || id} />
      <Stack hasGutter>
        <StackItem>
          <RunHeader
            run={run}
            refs={refs}
            actions={canAct && <RunControls run={run} onChanged={refresh} />}
          />
        </StackItem>
        {error && (
          <StackItem>
            <Alert variant="warning" isInline isPlain title={error.message} />
          </StackItem>
        )}
        <StackItem>
          <RunBody run={run} params={refs?.playbooks?.spec?.parameters} />
        </StackItem>
      </Stack>
    </PageSection>
  );
}

function RunBody({
  run,
  params,
}: {
  run: RunDetail;
  params: Parameters<typeof RunParameters>[0]['params'];
}) {
  const [chosen, setChosen] = useState<string>();
  const selectedId = chosen ?? defaultAction(run.actions);
  const fromRun = run.actions.find((a) => a.id === selectedId);
  const live = Boolean(fromRun) && !isRunEnded(run.status) && !isActionEnded(fromRun?.status);
  const polled = useActionOutput(selectedId, live);
  // The polled row is fresher while the action runs; the run's own copy once it has ended.
  const selected =
    live && fromRun && polled?.id === selectedId ? { ...fromRun, ...polled } : fromRun;
  return (
    <Grid hasGutter>
      <GridItem md={4}>
        <Card isCompact>
          <CardTitle component="h2">Actions</CardTitle>
          <CardBody>
            <ActionTimeline actions={run.actions} selected={selectedId} onSelect={setChosen} />
          </CardBody>
        </Card>
      </GridItem>
      <GridItem md={8}>
        <Stack hasGutter>
          {selected && (
            <Card isCompact>
              <CardBody>
                <ActionOutput action={selected} />
              </CardBody>
            </Card>
          )}
          <Card isCompact>
            <CardTitle component="h2">Parameters</CardTitle>
            <CardBody>
              <RunParameters values={run.parameters} params={params} />
            </CardBody>
          </Card>
          <Card isCompact>
            <CardTitle component="h2">Artifacts</CardTitle>
            <CardBody>
              <RunArtifacts actions={run.actions} />
            </CardBody>
          </Card>
        </Stack>
      </GridItem>
    </Grid>
  );
}
