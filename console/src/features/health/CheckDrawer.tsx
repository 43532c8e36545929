import {
  ActionList,
  ActionListItem,
  Alert,
  Button,
  DescriptionList,
  DrawerActions,
  DrawerCloseButton,
  DrawerHead,
  DrawerPanelBody,
  DrawerPanelContent,
  Flex,
  FlexItem,
  FormSelect,
  FormSelectOption,
  Label,
  LabelGroup,
  Skeleton,
  Tab,
  TabTitleText,
  Tabs,
  Title,
} from '@patternfly/react-core';
import { useMemo, useState } from 'react';

import { Link } from 'react-router';
import { hasGrant } from '../../app/access';
import { useSession } from '../../app/session';
import { CodeView } from '../../components/CodeView/CodeView';
import { StatusDot } from '../../components/StatusDot/StatusDot';
import { useToast } from '../../components/Toast/useToast';
import { formatDateTime, formatDuration } from '../../lib/format';
import { LinkToIncidentButton, checkEvidence, useCanLinkToIncident } from '../incidents';
import { PlaybooksMenu } from '../playbooks/launch/PlaybooksMenu';
import { errorText, runCheck, useCheckDetail } from './api';
import { CheckGraph } from './CheckGraph';
import { CheckHistory } from './CheckHistory';
import { CheckRelationships } from './CheckRelationships';
import { Ago, UptimeText } from './ChecksTable';
import { DRAWER_RANGE_OPTIONS, autoRangeKey } from './healthTimeRange';
import type { ApiRange } from './healthTimeRange';
import type { CheckDetail, CheckSummary } from './types';
import { toYaml } from './yaml';
import { DescriptionField } from '../../components/DescriptionField/DescriptionField';
import { useMediaQuery } from '../../lib/useMediaQuery';

/** Roles that may run a check now (spec 001 §6). */
export const RUN_NOW_ROLES = ['admin', 'editor', 'responder', 'commander'] as const;

export function canRunNow(roles: readonly string[]): boolean {
  return roles.some((role) => (RUN_NOW_ROLES as readonly string[]).includes(role));
}

/** Below this height the graph moves from above the tabs into its own tab. */
const SHORT_SCREEN_QUERY = '(max-height: 900px)';

// Without media queries (tests, old engines) the screen counts as short: the graph gets a tab.
function useShortScreen(): boolean {
  return useMediaQuery(SHORT_SCREEN_QUERY, true);
}

/** The edit link's text: 'Edit' for checks made in the UI, else where they come from. */
export function sourceText(source: string | null | undefined): string {
  return !source || source.toUpperCase() === 'UI' ? 'Edit' : `Source: ${source}`;
}

function rangeOf(key: string): ApiRange {
  const option = DRAWER_RANGE_OPTIONS.find((o) => o.key === key);
  return { start: option?.range ?? 'now-1h' };
}

export interface CheckDrawerProps {
  checkId: string;
  /** The check's summary row, when the dashboard has it. */
  row: CheckSummary | undefined;
  refreshKey: number;
  onClose: () => void;
  /** After Run Now: the page bumps its counter, refreshing summary and history. */
  onRan: () => void;
}

function latency(value: number | null | undefined): string {
  return typeof value === 'number' ? formatDuration(value) : '-';
}

function CheckFields({ check }: { check: CheckSummary }) {
  return (
    <DescriptionList isCompact isHorizontal columnModifier={{ default: '2Col', lg: '3Col' }}>
      <DescriptionField term="Uptime">
        <UptimeText check={check} />{' '}
        <span>
          {check.uptime?.passed ?? 0} passed · {check.uptime?.failed ?? 0} failed
        </span>
      </DescriptionField>
      <DescriptionField term="Latency">
        P95 {latency(check.latency?.p95)} · P97 {latency(check.latency?.p97)} · P99{' '}
        {latency(check.latency?.p99)}
      </DescriptionField>
      <DescriptionField term="Severity">{check.severity || '-'}</DescriptionField>
      <DescriptionField term="Last Run">
        <Ago time={check.last_runtime} />
      </DescriptionField>
      <DescriptionField term="Transitioned">
        <Ago time={check.last_transition_time} />
      </DescriptionField>
      <DescriptionField term="Next Run">
        {formatDateTime(check.next_runtime) || '-'}
      </DescriptionField>
    </DescriptionList>
  );
}

function RunNowButton({ checkId, onRan }: { checkId: string; onRan: () => void }) {
  const { addToast } = useToast();
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    try {
      const result = await runCheck(checkId);
      const detail = result.error || result.message || undefined;
      if (result.status) {
        addToast({ variant: 'success', title: 'Check passed', description: detail });
      } else {
        addToast({
          variant: 'danger',
          title: result.invalid ? 'Check is invalid' : 'Check failed',
          description: detail,
        });
      }
      onRan();
    } catch (e) {
      addToast({ variant: 'danger', title: errorText(e) });
    } finally {
      setRunning(false);
    }
  };
  return (
    <Button variant="primary" onClick={() => void run()} isLoading={running} isDisabled={running}>
      Run Now
    </Button>
  );
}

function DrawerFooter({
  check,
  checkId,
  onRan,
}: {
  check: CheckDetail | CheckSummary | undefined;
  checkId: string;
  onRan: () => void;
}) {
  const { whoami } = useSession();
  const canLink = useCanLinkToIncident();
  const canaryId = check?.canary_id;
  const source = check && 'canary' in check ? check.canary?.source : undefined;
  return (
    <ActionList>
      {canaryId && (
        <ActionListItem>
          <Button
            variant="link"
            component={(props) => (
              <Link {...props} to={`/settings/canaries/${encodeURIComponent(canaryId)}`} />
            )}
          >
            {sourceText(source)}
          </Button>
        </ActionListItem>
      )}
      {canRunNow(whoami.roles) && (
        <ActionListItem>
          <RunNowButton checkId={checkId} onRan={onRan} />
        </ActionListItem>
      )}
      {hasGrant(whoami, 'playbook_runs', 'write') && (
        <ActionListItem>
          <PlaybooksMenu resource={{ kind: 'check', id: checkId }} />
        </ActionListItem>
      )}
      {canLink && (
        <ActionListItem>
          <LinkToIncidentButton evidence={checkEvidence(checkId, check?.name)}>
            Link to Incident
          </LinkToIncidentButton>
        </ActionListItem>
      )}
    </ActionList>
  );
}

/** The full-size check detail drawer opened by `checkId`. */
export function CheckDrawer({ checkId, row, refreshKey, onClose, onRan }: CheckDrawerProps) {
  // The range is chosen once, from how long ago the check last ran; the user may change it.
  const [chosen, setChosen] = useState<string>();
  const [auto, setAuto] = useState(() => (row ? autoRangeKey(row.last_runtime) : undefined));
  const rangeKey = chosen ?? auto ?? '1h';
  const range = useMemo(() => rangeOf(rangeKey), [rangeKey]);
  const { check, error, isLoading } = useCheckDetail(checkId, range, refreshKey);
  if (auto === undefined && (row || check)) {
    setAuto(autoRangeKey((row ?? check)?.last_runtime));
  }
  const shown: CheckDetail | CheckSummary | undefined = check ?? row;
  const isShort = useShortScreen();
  const [tab, setTab] = useState<string | number>('history');

  const spec = check?.spec;
  const yaml = useMemo(() => (spec === undefined ? '' : toYaml(spec)), [spec]);
  const labels = Object.entries(shown?.labels ?? {});

  return (
    <DrawerPanelContent widths={{ default: 'width_100' }} aria-label="Check details">
      <DrawerHead>
        <Flex alignItems={{ default: 'alignItemsCenter' }} gap={{ default: 'gapSm' }}>
          <StatusDot status={shown?.status} size={14} />
          <Title headingLevel="h2">{shown?.name ?? checkId}</Title>
          {shown?.type && <Label color="blue">{shown.type}</Label>}
          {shown?.icon && shown.icon !== shown.type && <Label isCompact>{shown.icon}</Label>}
        </Flex>
        {labels.length > 0 && (
          <LabelGroup aria-label="Labels" numLabels={10} style={{ marginTop: '0.5rem' }}>
            {labels.map(([key, value]) => (
              <Label key={key} isCompact>
                {key}: {value}
              </Label>
            ))}
          </LabelGroup>
        )}
        {shown?.description && <p style={{ marginTop: '0.5rem' }}>{shown.description}</p>}
        <DrawerActions>
          <DrawerCloseButton onClick={onClose} />
        </DrawerActions>
      </DrawerHead>
      <DrawerPanelBody>
        {error && <Alert variant="danger" isInline title={errorText(error)} />}
        <Flex
          justifyContent={{ default: 'justifyContentSpaceBetween' }}
          alignItems={{ default: 'alignItemsFlexStart' }}
        >
          <FlexItem grow={{ default: 'grow' }}>
            {shown ? <CheckFields check={shown} /> : isLoading && <Skeleton height="4rem" />}
          </FlexItem>
          <FlexItem>
            <FormSelect
              aria-label="Time Range"
              value={rangeKey}
              onChange={(_event, value) => setChosen(value)}
            >
              {DRAWER_RANGE_OPTIONS.map((o) => (
                <FormSelectOption key={o.key} value={o.key} label={o.label} />
              ))}
            </FormSelect>
          </FlexItem>
        </Flex>
        {!isShort && (
          <div style={{ marginTop: '1rem' }}>
            <CheckGraph checkId={checkId} range={range} refreshKey={refreshKey} />
          </div>
        )}
        <Tabs
          aria-label="Check detail tabs"
          activeKey={tab}
          onSelect={(_event, key) => setTab(key)}
          mountOnEnter
          unmountOnExit
          style={{ marginTop: '1rem' }}
        >
          <Tab eventKey="history" title={<TabTitleText>History</TabTitleText>}>
            <CheckHistory checkId={checkId} start={range.start} refreshKey={refreshKey} />
          </Tab>
          {isShort && (
            <Tab eventKey="graph" title={<TabTitleText>Graph</TabTitleText>}>
              <CheckGraph checkId={checkId} range={range} refreshKey={refreshKey} />
            </Tab>
          )}
          <Tab eventKey="spec" title={<TabTitleText>Spec</TabTitleText>}>
            <CodeView value={yaml} language="yaml" readOnly height={500} />
          </Tab>
          <Tab eventKey="relationships" title={<TabTitleText>Relationships</TabTitleText>}>
            <CheckRelationships check={check} />
          </Tab>
        </Tabs>
      </DrawerPanelBody>
      {/* Kept in view while the history scrolls. */}
      <DrawerPanelBody
        style={{
          position: 'sticky',
          bottom: 0,
          zIndex: 1,
          background: 'var(--pf-t--global--background--color--primary--default)',
          borderTop:
            'var(--pf-t--global--border--width--divider--default, 1px) solid var(--pf-t--global--border--color--default)',
        }}
      >
        <DrawerFooter check={shown} checkId={checkId} onRan={onRan} />
      </DrawerPanelBody>
    </DrawerPanelContent>
  );
}
