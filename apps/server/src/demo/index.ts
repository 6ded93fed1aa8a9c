/**
 * The demo, behind one seam: demo clients and accounts, 60 days of demo history, demo subscribers and drips, and the
 * local push service (tools/push-service) in-process playing the subscribers' browsers. server.ts imports this module
 * only when `PUSHDECK_DEMO` or `PUSHDECK_LOCAL_PUSH` is on; nothing else in the product imports it or tools/.
 */
export { DEMO_CLIENTS, DEMO_PASSWORD, DEMO_USERS, seedDemoAccounts, seedInitialData } from './demo-accounts.ts';
export { DEMO_AUDIENCE, giveDemoDripsAudiences } from './demo-audiences.ts';
export { DEMO_AUDIENCE_SITE, demoSubscriberProfiles, seedDemoDelivery, startLocalPush } from './demo-delivery.ts';
