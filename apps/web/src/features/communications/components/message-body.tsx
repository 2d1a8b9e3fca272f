// A message's formatted text (docs/decisions/0023): the server's parsed `content` rendered as React elements
// only (never as HTML), so whatever markup a message contains stays inert text. Links are the AST's own
// http, https or mailto addresses; they open in a new tab and say so to screen readers.
import { Anchor, Box, Code, List, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MessageContent, MessageInline } from '@portal/contracts';

export function MessageBody({ content }: { content: MessageContent }) {
  return (
    <Box dir="auto" mt={4} style={{ overflowWrap: 'anywhere' }}>
      {content.map((block, index) =>
        block.type === 'paragraph' ? (
          <Text key={index} size="sm" mt={index > 0 ? 'xs' : 0}>
            <Inlines pieces={block.children} />
          </Text>
        ) : (
          <List key={index} size="sm" mt={index > 0 ? 'xs' : 0}>
            {block.items.map((item, itemIndex) => (
              <List.Item key={itemIndex}>
                <Inlines pieces={item} />
              </List.Item>
            ))}
          </List>
        ),
      )}
    </Box>
  );
}

function Inlines({ pieces }: { pieces: readonly MessageInline[] }) {
  return (
    <>
      {pieces.map((piece, index) => (
        <Inline key={index} piece={piece} />
      ))}
    </>
  );
}

function Inline({ piece }: { piece: MessageInline }) {
  const { t } = useTranslation('communications');
  switch (piece.type) {
    case 'text':
      return <>{piece.text}</>;
    case 'strong':
      return <strong>{piece.text}</strong>;
    case 'emphasis':
      return <em>{piece.text}</em>;
    case 'code':
      return <Code>{piece.text}</Code>;
    case 'break':
      return <br />;
    case 'link':
      // The parser only makes links of http(s) and mailto addresses; anything else is not a link here either.
      if (!/^(https?:|mailto:)/i.test(piece.href)) return <>{piece.text}</>;
      return (
        <Anchor href={piece.href} target="_blank" rel="noopener noreferrer" underline="always">
          {piece.text}
          <VisuallyHidden> {t('opensInNewTab')}</VisuallyHidden>
        </Anchor>
      );
  }
}
