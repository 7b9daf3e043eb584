import { Code, Loader, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../../components/query-error';
import { useApiKeyRequests } from '../api/integration';

const when = (value: string) => new Date(value).toLocaleString('de-DE', { dateStyle: 'short', timeStyle: 'medium' });

/** A key's newest requests (the server keeps 30 days, at most 1,000 per key): time, route, status. */
export function ApiKeyRequests({ keyId }: { keyId: number }) {
  const { t } = useTranslation('admin-integration');
  const requests = useApiKeyRequests(keyId);
  if (requests.isError) return <QueryError error={requests.error} onRetry={() => void requests.refetch()} />;
  if (!requests.data) return <Loader size="sm" />;
  const rows = requests.data.requests;
  if (rows.length === 0) return <Text size="sm">{t('requests.empty')}</Text>;
  return (
    <Table.ScrollContainer minWidth={0}>
      <Table data-testid="api-key-requests" aria-label={t('requests.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('requests.time')}</Table.Th>
            <Table.Th>{t('requests.route')}</Table.Th>
            <Table.Th>{t('requests.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered
            <Table.Tr key={i} data-testid="api-key-request">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(r.at)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Code>
                  {r.method} {r.route}
                </Code>
              </Table.Td>
              <Table.Td>{r.status}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
