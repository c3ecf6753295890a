/** One conversation of a made-up ChatGPT export: its title and its exchanges, oldest first. */
export type ExportConversation = { title: string; exchanges: { user: string; assistant: string; model?: string }[] };

/**
 * A ChatGPT conversations.json with the given conversations, each one branch of user and
 * assistant nodes as ChatGPT writes them (a root without a message, `current_node` the last).
 */
export function chatgptExport(conversations: ExportConversation[]): unknown[] {
  return conversations.map((conversation, c) => {
    const mapping: Record<string, unknown> = { root: { id: "root", message: null, parent: null, children: [] } };
    let parent = "root";
    const add = (id: string, role: "user" | "assistant", text: string, at: number, model?: string) => {
      (mapping[parent] as { children: string[] }).children.push(id);
      mapping[id] = {
        id,
        parent,
        children: [],
        message: {
          author: { role },
          create_time: at,
          content: { content_type: "text", parts: [text] },
          metadata: model === undefined ? {} : { model_slug: model },
        },
      };
      parent = id;
    };
    const start = 1_717_000_000 + c * 100_000;
    conversation.exchanges.forEach((exchange, i) => {
      add(`u${i}`, "user", exchange.user, start + i * 2);
      add(`a${i}`, "assistant", exchange.assistant, start + i * 2 + 1, exchange.model ?? "gpt-4o");
    });
    return { title: conversation.title, create_time: start, mapping, current_node: parent };
  });
}
