import {
  Button,
  Card,
  CardBody,
  CardFooter,
  CardHeader,
  CardTitle,
  Content,
  Flex,
} from '@patternfly/react-core';
import { Link, useNavigate } from 'react-router';
import { isExternal } from '../../../components/SourceLink/SourceLink';
import { playbookPath, playbookRunsPath } from '../paths';
import type { PlaybookRow } from '../playbooksApi';
import { runsFromText, selectorKinds } from '../selectors';
import { PlaybookSourceLink } from '../spec/PlaybookSourceLink';
import { playbookTitle } from '../types';

export interface PlaybookCardProps {
  playbook: PlaybookRow;
  /** Write on playbooks: Run, Edit and Delete (spec 002 §6). */
  canWrite: boolean;
  onRun: (playbook: PlaybookRow) => void;
  onDelete: (playbook: PlaybookRow) => void;
}

/**
 * One playbook of /playbooks: Run for playbooks that need no resource (the others say where they
 * run from), Edit and Delete for those made in the console; others show where they come from.
 */
export function PlaybookCard({ playbook, canWrite, onRun, onDelete }: PlaybookCardProps) {
  const navigate = useNavigate();
  const title = playbookTitle(playbook);
  const kinds = selectorKinds(playbook.spec);
  const external = isExternal(playbook);
  return (
    <Card isCompact component="article" aria-label={title}>
      <CardHeader>
        <CardTitle component="h3">
          <Link to={playbookPath(playbook.id)}>{title}</Link>
        </CardTitle>
      </CardHeader>
      <CardBody>
        {playbook.description && <Content component="p">{playbook.description}</Content>}
        {kinds.length > 0 && (
          <Content component="small" style={{ display: 'block' }}>
            {runsFromText(kinds)}
          </Content>
        )}
        {external && (
          <Content component="small" style={{ display: 'block' }}>
            Source: <PlaybookSourceLink row={playbook} />
          </Content>
        )}
      </CardBody>
      <CardFooter>
        <Flex gap={{ default: 'gapSm' }} alignItems={{ default: 'alignItemsCenter' }}>
          {canWrite && kinds.length === 0 && (
            <Button variant="primary" size="sm" onClick={() => onRun(playbook)}>
              Run
            </Button>
          )}
          {canWrite && !external && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void navigate(playbookPath(playbook.id))}
            >
              Edit
            </Button>
          )}
          {canWrite && !external && (
            <Button variant="danger" size="sm" onClick={() => onDelete(playbook)}>
              Delete
            </Button>
          )}
          <Link to={playbookRunsPath(playbook.id)}>Runs</Link>
        </Flex>
      </CardFooter>
    </Card>
  );
}
