import { Link } from 'react-router';
import { thresholdWarnings, useTaxThresholds } from '../tax/api/tax-thresholds';

/**
 * A warning over the sales figures when this year's sales crossed or near (80 %) a threshold that obliges
 * the shop to register for tax (the EU's One-Stop-Shop, a US state's economic nexus), linking to the Tax tab.
 * Nothing while the thresholds load, fail or are all below.
 */
export function ThresholdWarning() {
  const thresholds = useTaxThresholds();
  const warnings = thresholds.data ? thresholdWarnings(thresholds.data) : [];
  if (warnings.length === 0) return null;
  return (
    <div className="alert alert-warning admin-sales__threshold" role="status">
      <h3 className="alert-heading h6 fw-bold mb-1">Tax registration thresholds</h3>
      <ul className="mb-1 ps-3">
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
      <Link to="/account/tax" className="alert-link">
        See the thresholds in the Tax tab
      </Link>
    </div>
  );
}
