import { Button, Checkbox } from '@caucus/design-system';
import { FormSelect, FormTextField } from '@caucus/design-system/form';
import { useContactFormList } from '../../../hooks/useContactForm';
import { ADDRESS_COUNTRIES, ADDRESS_TYPES, markPrimary, move, newAddress, removeAt, type ContactFormValues } from '../../../utils/contactForm';
import { ListEntry } from '../ListEntry';
import layout from '../ContactForm.module.css';

/** The contact form's Addresses tab: an ordered list of addresses, one of them primary. */
export function AddressesTab() {
  const [addresses, updateAddresses] = useContactFormList('addresses');
  return (
    <div className={layout.stack}>
      {addresses.map((address, i) => (
        <ListEntry
          key={i}
          title={`Address ${i + 1}`}
          onRemove={() => updateAddresses((items) => removeAt(items, i))}
          extra={
            <>
              <Button
                size="sm"
                variant="ghost"
                disabled={i === 0}
                onClick={() => updateAddresses((items) => move(items, i, -1))}
                aria-label={`Move address ${i + 1} up`}
              >
                ↑ Up
              </Button>
              <Button
                size="sm"
                variant="ghost"
                disabled={i === addresses.length - 1}
                onClick={() => updateAddresses((items) => move(items, i, 1))}
                aria-label={`Move address ${i + 1} down`}
              >
                ↓ Down
              </Button>
            </>
          }
        >
          <FormSelect<ContactFormValues> label="Address type" options={ADDRESS_TYPES} name={`addresses.${i}.addressType`} />
          <FormTextField<ContactFormValues> label="Street address 1" required name={`addresses.${i}.streetAddress1`} />
          <FormTextField<ContactFormValues> label="Street address 2" name={`addresses.${i}.streetAddress2`} />
          <FormTextField<ContactFormValues> label="City" required name={`addresses.${i}.city`} />
          <FormTextField<ContactFormValues> label="State/Province" required name={`addresses.${i}.stateProvince`} />
          <FormTextField<ContactFormValues> label="Postal code" required name={`addresses.${i}.postalCode`} />
          <FormSelect<ContactFormValues> label="Address country" options={ADDRESS_COUNTRIES} name={`addresses.${i}.country`} />
          <FormTextField<ContactFormValues> label="Address notes" name={`addresses.${i}.notes`} />
          <Checkbox label="Primary address" checked={address.isPrimary} onChange={() => updateAddresses((items) => markPrimary(items, i))} />
        </ListEntry>
      ))}
      <Button variant="secondary" size="sm" onClick={() => updateAddresses((items) => [...items, newAddress(items)])}>
        + Add Address
      </Button>
    </div>
  );
}
