import { payoutTexts, type PayoutSale } from '@recell/contract';
import { useEffect, useRef } from 'react';
import { salesCsv } from '../to-csv';

/**
 * Saves `text` as a file named `fileName` through a link to it, clicked and taken away, and answers
 * the file's address. The byte order mark lets spreadsheet apps read it as UTF-8 (a phone's name
 * may not be ASCII).
 */
function saveCsv(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  return url;
}

/** Download CSV: the sales as the table shows them, built here (no request). */
export function DownloadCsvButton({ sales }: { sales: readonly PayoutSale[] }) {
  // The last file's address is let go at the next download or with the page, not at once: some
  // browsers read the file after the click has returned.
  const saved = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (saved.current) URL.revokeObjectURL(saved.current);
      saved.current = null;
    },
    [],
  );
  return (
    <button
      type="button"
      className="btn btn-outline"
      onClick={() => {
        if (saved.current) URL.revokeObjectURL(saved.current);
        saved.current = saveCsv(salesCsv(sales), payoutTexts.csvFileName);
      }}
    >
      {payoutTexts.downloadCsv}
    </button>
  );
}
