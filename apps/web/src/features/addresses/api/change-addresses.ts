import { addressEndpoints, type AddressForm, type AddressList } from '@recell/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { addressKeys } from './address-keys';

/** POST /api/me/addresses (201): the carrier verifies the address; its corrected form comes back. */
const addAddress = (address: AddressForm) => callApi(addressEndpoints.addAddress, { json: address });

/** PUT /api/me/addresses/:id: the carrier verifies the new form, which replaces the address in place. */
const changeAddress = ({ id, address }: { id: string; address: AddressForm }) =>
  callApi(addressEndpoints.changeAddress, { params: { id }, json: address });

/** DELETE /api/me/addresses/:id (204). */
const removeAddress = (id: string) => callApi(addressEndpoints.removeAddress, { params: { id } });

/** PUT /api/me/ship-from-address: answers the addresses with the new mark. */
const chooseShipFrom = (addressId: string) => callApi(addressEndpoints.chooseShipFrom, { json: { addressId } });

/** Adds an address; the list (here and in the booking's picker) shows it at once. */
export function useAddAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAddress,
    onSuccess: (address) => {
      queryClient.setQueryData<AddressList>(addressKeys.mine, (data) =>
        data ? { ...data, items: [...data.items.filter((item) => item.id !== address.id), address] } : data,
      );
      void queryClient.invalidateQueries({ queryKey: addressKeys.mine });
    },
  });
}

/** Edits an address; the list shows the carrier's corrected form at once. */
export function useChangeAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAddress,
    onSuccess: (address) => {
      queryClient.setQueryData<AddressList>(addressKeys.mine, (data) =>
        data ? { ...data, items: data.items.map((item) => (item.id === address.id ? address : item)) } : data,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressKeys.mine }),
  });
}

/** Removes an address; a refusal (removed meanwhile) loads the list again too. */
export function useRemoveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAddress,
    onSuccess: (_, id) => {
      queryClient.setQueryData<AddressList>(addressKeys.mine, (data) =>
        data ? { ...data, items: data.items.filter((item) => item.id !== id) } : data,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressKeys.mine }),
  });
}

/** The seller's ship-from address becomes this one. */
export function useChooseShipFrom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseShipFrom,
    onSuccess: (list) => queryClient.setQueryData(addressKeys.mine, list),
    onError: () => queryClient.invalidateQueries({ queryKey: addressKeys.mine }),
  });
}
