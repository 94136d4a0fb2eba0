/** tel: and sms: links of a displayed phone number such as "(555) 010-4287". */
function dialable(phone: string): string {
  return phone.replace(/[^\d+]/g, '');
}

export const telHref = (phone: string) => `tel:${dialable(phone)}`;
export const smsHref = (phone: string) => `sms:${dialable(phone)}`;
