// The way into a public course: sign up (and the course is added), or sign in with an existing account.
import { Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface JoinCourseProps {
  signUpUrl: string;
  signInUrl: string;
}

export function JoinCourse({ signUpUrl, signInUrl }: JoinCourseProps) {
  const { t } = useTranslation('openCatalog');
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby="open-catalog-join">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3" id="open-catalog-join">
          {t('details.join.title')}
        </Title>
        <Text>{t('details.join.description')}</Text>
        <SignUpForm url={signUpUrl} label={t('details.join.signUp')} />
        <Text size="sm">
          {t('details.join.haveAccount')}{' '}
          <Anchor href={signInUrl} inherit underline="always">
            {t('details.join.signIn')}
          </Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * A GET form whose fields are the URL's query: a real button that leaves for the identity provider with a
 * full page load, and works before any script runs.
 */
function SignUpForm({ url, label }: { url: string; label: string }) {
  const target = new URL(url, window.location.origin);
  return (
    <form action={target.pathname} method="get">
      {Array.from(target.searchParams, ([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit">{label}</Button>
    </form>
  );
}
