import { describe, expect, it } from 'vitest';
import { DEMO_AUDIENCE_SITE, demoSubscriberProfiles } from './demo-delivery.ts';

describe('demo subscriber profiles', () => {
  it('gives the audience demo site four varied rounds and every other site one, always the same', () => {
    const blog = demoSubscriberProfiles(DEMO_AUDIENCE_SITE);
    expect(blog).toHaveLength(24);
    expect(blog.map((p) => p.n)).toEqual([...Array(24).keys()]);
    expect(new Set(blog.map((p) => p.dev.device))).toEqual(new Set(['desktop', 'mobile', 'tablet']));
    expect(new Set(blog.map((p) => p.dev.language)).size).toBe(6);
    expect(new Set(blog.map((p) => p.page)).size).toBe(4);
    expect(demoSubscriberProfiles(DEMO_AUDIENCE_SITE)).toEqual(blog);
    const shop = demoSubscriberProfiles('https://shop.acme.test');
    expect(shop.map((p) => p.page)).toEqual(['pricing', 'blog', 'contact', 'docs', 'pricing', 'blog']);
  });
});
