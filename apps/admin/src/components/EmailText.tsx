/**
 * An e-mail address that wraps only at its @ (a break opportunity before it), never inside the name or the
 * domain, in a narrow table cell.
 */
export function EmailText({ address }: { address: string }) {
  const at = address.indexOf('@');
  if (at <= 0) return <span className="adm-console-email">{address}</span>;
  return (
    <span className="adm-console-email">
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </span>
  );
}
