import { useEffect } from 'react';
import { usePublicConfigQuery } from '../api/queries';
import { FALLBACK_CONFIG } from '../config';

function setMeta(selector: string, attr: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(selector);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attr, key);
    document.head.appendChild(element);
  }
  element.content = content;
}

function setCanonical(href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.appendChild(link);
  }
  link.href = href;
}

/**
 * Sets the page's title ("<title> | <site name>"), description and canonical URL. `title` null means the
 * site name alone (the landing page).
 */
export function useDocumentMeta(title: string | null, description: string): void {
  const siteName = usePublicConfigQuery()?.siteName ?? FALLBACK_CONFIG.siteName;
  useEffect(() => {
    const full = title ? `${title} | ${siteName}` : siteName;
    document.title = full;
    setMeta('meta[name="description"]', 'name', 'description', description);
    setMeta('meta[property="og:title"]', 'property', 'og:title', full);
    setMeta('meta[property="og:description"]', 'property', 'og:description', description);
    setCanonical(`${window.location.origin}${window.location.pathname}`);
  }, [title, description, siteName]);
}
