import { Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VipBatchAdd } from './VipBatchAdd';
import { VipEmailList } from './VipEmailList';

type Tab = 'list' | 'batch';

/** docs/product.md#screens /admin/vip-emails: the list and batch-add tabs, and the footer about VIP licences. */
export function VipManagement() {
  const { t } = useTranslation('adminVip');
  const [tab, setTab] = useState<Tab>('list');
  return (
    <>
      <Tabs value={tab} onChange={(value) => setTab(value === 'batch' ? 'batch' : 'list')}>
        <Tabs.List>
          <Tabs.Tab value="list">{t('tabs.list')}</Tabs.Tab>
          <Tabs.Tab value="batch">{t('tabs.batch')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="list" pt="md">
          <VipEmailList />
        </Tabs.Panel>
        <Tabs.Panel value="batch" pt="md">
          <VipBatchAdd />
        </Tabs.Panel>
      </Tabs>
      <Text size="sm" c="dimmed" component="footer" mt="lg">
        {t('footer')}
      </Text>
    </>
  );
}
