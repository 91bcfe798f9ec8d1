import { ChangeRecords } from './change-records.js';
import './funds.css';

/** /income (spec 3 §2): goods-payment income/expense details, tabs all, income, expense. */
export default function IncomePage() {
  return (
    <div className="page funds-page">
      <ChangeRecords account="store" />
    </div>
  );
}
