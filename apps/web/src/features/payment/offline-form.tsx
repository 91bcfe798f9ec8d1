// The offline payment form is shared with the top-up and deposit screens: it lives in components/.
export {
  OfflinePayForm as OfflineForm,
  offlinePayProblem as offlineProblem,
  type OfflineValues,
} from '../../components/offline-pay-form.js';
