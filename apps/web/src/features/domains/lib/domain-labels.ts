/** A website's status as the Domains List shows it (and its server export writes it). */
export function statusLabel(isActive: number | undefined): string {
  return isActive === 1 ? 'Active' : 'Inactive';
}
