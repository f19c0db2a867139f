import { type BalanceSheet, routes } from '@mizan/contract';
import { useState } from 'react';
import { formatDecimal } from '../../app/format.ts';
import { DateField } from '../../ui/DateField.tsx';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { Page } from '../../ui/Page.tsx';
import { useSession } from '../auth/AuthProvider.tsx';
import { today } from '../invoices/invoiceForm.ts';
import { Figures, PrintButton } from './Figures.tsx';
import { reportsText } from './reportsText.ts';
import { useBalanceSheet } from './useReports.ts';

const text = reportsText.sheet;
type Section = BalanceSheet['data'][number]['assets'][number];

function Sections({ title, sections, extra }: { title: string; sections: Section[]; extra?: [string, string] }) {
  return (
    <section className="report-section">
      <h2 className="report-title">{title}</h2>
      {sections.map((section) => (
        <div key={section.ac_id}>
          <div className="report-line strong">
            <span>{section.ac_name}</span>
            <bdi className="num">{formatDecimal(section.total)}</bdi>
          </div>
          {section.accounts.map((account) => (
            <div key={account.id} className="report-line">
              <span>{account.sub_name}</span>
              <bdi className="num">{formatDecimal(account.amount)}</bdi>
            </div>
          ))}
        </div>
      ))}
      {extra && (
        <div className="report-line strong">
          <span>{extra[0]}</span>
          <bdi className="num">{formatDecimal(extra[1])}</bdi>
        </div>
      )}
    </section>
  );
}

/** The balance sheet (reports/balance-sheet) at the end of a day: assets against liabilities, equity and profit. */
export default function BalanceSheetPage({ title }: { title: string }) {
  const { storeId } = useSession();
  const [asOf, setAsOf] = useState(today());
  const sheet = useBalanceSheet(storeId, asOf).data;
  return (
    <Page title={title}>
      <div className="toolbar-row no-print">
        <DateField label={reportsText.asOf} value={asOf} onChange={setAsOf} />
        <PrintButton />
        <ExportButton
          route={routes.reports.balanceSheetExport}
          filename="balance-sheet.xlsx"
          input={{ query: { store_id: storeId, as_of: asOf || undefined } }}
        />
      </div>
      {sheet && (
        <>
          <Figures
            testId="sheet-totals"
            items={[
              { label: text.totalAssets, value: formatDecimal(sheet.total_assets) },
              { label: text.totalLiabilities, value: formatDecimal(sheet.total_liabilities) },
            ]}
          />
          <div className="journal-sides">
            <Sections title={text.assets} sections={sheet.assets} />
            <Sections
              title={text.liabilities}
              sections={sheet.liabilities}
              extra={[text.currentProfit, sheet.current_profit]}
            />
          </div>
        </>
      )}
    </Page>
  );
}
