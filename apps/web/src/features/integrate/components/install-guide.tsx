import { Code, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { IDENTIFY_SNIPPET, PUSHMINE_SNIPPET, siteOrigin } from '../lib/site-origin';
import { DownloadFileButton } from './download-file-button';
import { InstallStep } from './install-step';
import { SnippetBlock } from './snippet-block';
import { SubscriptionCheck } from './subscription-check';

export interface InstallGuideProps {
  domainId: number;
  websiteId: string;
  siteUrl: string;
}

/** Step 2 of both guides: pushmine.js at the root and the script tag on every page. */
export function PushmineStep({ step, websiteId, siteUrl }: { step: number; websiteId: string; siteUrl: string }) {
  return (
    <InstallStep step={step} title="Upload pushmine.js and load it on every page">
      <Text size="sm">
        Put <Code>pushmine.js</Code> at the root of your site, so it opens at{' '}
        <Code>{`${siteOrigin(siteUrl)}/pushmine.js`}</Code>, and paste this line into the <Code>{'<head>'}</Code> of
        every page where visitors may subscribe:
      </Text>
      <SnippetBlock label="Script tag" code={PUSHMINE_SNIPPET} />
      <div>
        <DownloadFileButton websiteId={websiteId} filename="pushmine" />
      </div>
    </InstallStep>
  );
}

/** The last step of both guides: is anything arriving? */
export function CheckStep({ step, domainId }: { step: number; domainId: number }) {
  return (
    <InstallStep step={step} title="Check that subscriptions arrive">
      <Text size="sm">
        Open your site over HTTPS in a browser and allow notifications when it asks. Push notifications need HTTPS
        (plain http works only on localhost).
      </Text>
      <SubscriptionCheck domainId={domainId} />
    </InstallStep>
  );
}

/** After the steps of both guides: the optional identify call, so the site's server can send to its own user ids. */
export function IdentifySection() {
  const titleId = useId();
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={titleId}>
          Optional: send to your own user ids
        </Title>
        <Text size="sm">
          On pages where you know who the visitor is, give Pushdeck your own id for them (1 to 255 characters, such as
          your user id). Your server can then send to that id through the server API (<Code>subscribable_ids</Code>); a
          visitor who subscribes later gets it then. Call it again with another id to replace it; it is sent once per
          change, not on every page view.
        </Text>
        <SnippetBlock label="Identify the visitor" code={IDENTIFY_SNIPPET} />
      </Stack>
    </Paper>
  );
}

/** How to install Pushdeck on a site without a service worker of its own: sw_pm.js, pushmine.js, check. */
export function InstallGuide({ domainId, websiteId, siteUrl }: InstallGuideProps) {
  return (
    <>
      <InstallStep step={1} title="Upload sw_pm.js to the root of your site">
        <Text size="sm">
          It must open at <Code>{`${siteOrigin(siteUrl)}/sw_pm.js`}</Code>, not in a sub-folder: a service worker only
          serves the pages under its own folder, and this one receives the notifications for the whole site.
        </Text>
        <div>
          <DownloadFileButton websiteId={websiteId} filename="sw_pm" />
        </div>
      </InstallStep>
      <PushmineStep step={2} websiteId={websiteId} siteUrl={siteUrl} />
      <CheckStep step={3} domainId={domainId} />
      <IdentifySection />
    </>
  );
}
