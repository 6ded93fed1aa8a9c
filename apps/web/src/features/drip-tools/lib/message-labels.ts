/** The Drip Manager's Status and Type cells (spec part 1 §2); its CSV is written by the server's export job. */
export const statusLabel = (isActive: number | undefined) => (isActive === 1 ? 'Active' : 'Inactive');
export const typeLabel = (type: string | undefined) => (type === 'welcome' ? 'Welcome' : 'Recurring');
