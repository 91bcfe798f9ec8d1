import { ChangeRecords } from './change-records.js';
import './funds.css';

/** /totalSzRecord (spec 3 §2): total-score income/expense details. */
export default function TotalRecordsPage() {
  return (
    <div className="page funds-page">
      <ChangeRecords account="totalScore" />
    </div>
  );
}
