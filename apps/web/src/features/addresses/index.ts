export { AddressesView } from './components/addresses-view';
export { useMyAddresses } from './api/get-my-addresses';
export { AddressLines } from './components/address-lines';
