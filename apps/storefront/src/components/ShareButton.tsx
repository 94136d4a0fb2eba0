import { toast } from '../stores/toast';
import { ShareIcon } from './icons';

/** Copies text without the Clipboard API (older browsers, or when it is refused). */
export function legacyCopy(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  return copied;
}

/**
 * Share with the three outcomes of SPEC.md section 8: the device share sheet; else the link copied;
 * after a failure, the fallback copy.
 */
export async function shareListing(url: string, title: string): Promise<void> {
  try {
    if (typeof navigator.share === 'function') {
      await navigator.share({ title, url });
      toast({ title: 'Shared successfully!', description: 'Vehicle listing shared.', variant: 'success' });
      return;
    }
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied to clipboard!', description: 'Share this vehicle listing with others.', variant: 'success' });
  } catch (error) {
    // The visitor closed the share sheet: nothing failed.
    if (error instanceof DOMException && error.name === 'AbortError') return;
    if (legacyCopy(url)) {
      toast({ title: 'Link copied!', description: 'Vehicle listing URL copied to clipboard.', variant: 'success' });
    } else {
      toast({ title: 'Error', description: `Copy this link to share it: ${url}`, variant: 'destructive' });
    }
  }
}

export function ShareButton({ title }: { title: string }) {
  return (
    <button type="button" className="btn btn-outline" onClick={() => void shareListing(window.location.href, title)}>
      <ShareIcon size={18} /> Share
    </button>
  );
}
