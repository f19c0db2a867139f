/** Where an item's movement is read: the item movement report, with the item chosen (`?item=<id>`). */
export const itemReportPath = (id: number) => `/folder/items-report?item=${id}`;
