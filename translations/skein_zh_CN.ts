<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
    <context>
        <name>AboutDialog</name>
        <message>
            <source>About Skein</source>
            <translation>关于 Skein</translation>
        </message>
        <message>
            <source>A native desktop chat client for large language models: conversations as trees, memory you can see and edit, context you can inspect.</source>
            <translation>原生桌面大语言模型聊天客户端：会话是可分支的树，记忆可见可编辑，上下文可随时查看。</translation>
        </message>
        <message>
            <source>Component</source>
            <translation>组件</translation>
        </message>
        <message>
            <source>Version</source>
            <translation>版本</translation>
        </message>
    </context>
    <context>
        <name>AppearancePage</name>
        <message>
            <source>Look</source>
            <translation>外观</translation>
        </message>
        <message>
            <source>Use the &amp;system font</source>
            <translation>使用系统字体(&amp;S)</translation>
        </message>
        <message>
            <source>System size</source>
            <translation>系统大小</translation>
        </message>
        <message>
            <source> pt</source>
            <translation> 磅</translation>
        </message>
        <message>
            <source>&amp;Theme:</source>
            <translation>主题(&amp;T)：</translation>
        </message>
        <message>
            <source>&amp;Font:</source>
            <translation>字体(&amp;F)：</translation>
        </message>
        <message>
            <source>Font si&amp;ze:</source>
            <translation>字号(&amp;Z)：</translation>
        </message>
        <message>
            <source>Language</source>
            <translation>语言</translation>
        </message>
        <message>
            <source>&amp;Language:</source>
            <translation>语言(&amp;L)：</translation>
        </message>
        <message>
            <source>Keyboard</source>
            <translation>键盘</translation>
        </message>
        <message>
            <source>When off, Enter starts a new line and Shift+Enter sends. Ctrl+Enter always sends.</source>
            <translation>关闭后，Enter 换行，Shift+Enter 发送。Ctrl+Enter 始终发送。</translation>
        </message>
        <message>
            <source>&amp;Enter sends the message (Shift+Enter starts a new line)</source>
            <translation>按 Enter 发送消息（Shift+Enter 换行）(&amp;E)</translation>
        </message>
    </context>
    <context>
        <name>ApprovalsPage</name>
        <message>
            <source>Tools that can change things outside Skein ask before they run. These are the ones you allowed to run without asking. An approval ends by itself when the tool's definition changes.</source>
            <translation>可能改动 Skein 之外内容的工具在运行前会先询问。以下是你允许无需询问即可运行的工具。工具的定义发生变化时，批准会自动失效。</translation>
        </message>
        <message>
            <source>Tools allowed without asking</source>
            <translation>无需询问即可运行的工具</translation>
        </message>
        <message>
            <source>Tool</source>
            <translation>工具</translation>
        </message>
        <message>
            <source>Allowed on</source>
            <translation>允许时间</translation>
        </message>
        <message>
            <source>No tool is allowed to run without asking.</source>
            <translation>没有任何工具可以无需询问而运行。</translation>
        </message>
        <message>
            <source>&amp;Revoke</source>
            <translation>撤销(&amp;R)</translation>
        </message>
        <message>
            <source>Revoke &amp;All</source>
            <translation>全部撤销(&amp;A)</translation>
        </message>
    </context>
    <context>
        <name>CallError</name>
        <message>
            <source>Could not reach the provider</source>
            <translation>无法连接到服务提供方</translation>
        </message>
        <message>
            <source>The provider sent nothing for too long; the connection timed out</source>
            <translation>服务提供方长时间没有发送任何数据，连接已超时</translation>
        </message>
        <message>
            <source>The provider returned HTTP status %1</source>
            <translation>服务提供方返回了 HTTP 状态码 %1</translation>
        </message>
        <message>
            <source>The provider refused access; check the API key (HTTP %1)</source>
            <translation>服务提供方拒绝访问，请检查 API 密钥（HTTP %1）</translation>
        </message>
        <message>
            <source>The provider's rate limit was reached</source>
            <translation>已达到服务提供方的速率限制</translation>
        </message>
        <message>
            <source>The account's quota or credit is used up</source>
            <translation>账户的配额或余额已用完</translation>
        </message>
        <message>
            <source>The conversation does not fit the model's context window of %1 tokens</source>
            <translation>对话超出了模型 %1 个 token 的上下文窗口</translation>
        </message>
        <message>
            <source>The conversation does not fit the model's context window</source>
            <translation>对话超出了模型的上下文窗口</translation>
        </message>
        <message>
            <source>The provider is overloaded; try again later</source>
            <translation>服务提供方负载过高，请稍后再试</translation>
        </message>
        <message>
            <source>Not found; check the model name and base URL</source>
            <translation>未找到；请检查模型名称和基础 URL</translation>
        </message>
        <message>
            <source>The provider reported an error</source>
            <translation>服务提供方报告了一个错误</translation>
        </message>
        <message>
            <source>The provider's reply could not be read</source>
            <translation>无法读取服务提供方的回复</translation>
        </message>
        <message>
            <source>The reply ended before it was complete</source>
            <translation>回复在完成之前就中断了</translation>
        </message>
        <message>
            <source>The model finished without any output; the conversation may exceed its context window</source>
            <translation>模型结束了回复但没有任何输出；对话可能超出了它的上下文窗口</translation>
        </message>
        <message>
            <source>Stopped</source>
            <translation>已停止</translation>
        </message>
        <message>
            <source>The server at %1 answered with a web page, not an API response. A captive portal (a Wi-Fi sign-in page) or a proxy login may be in the way: open a web page in a browser, sign in, then try again</source>
            <translation>%1 上的服务器返回了一个网页，而不是 API 响应。可能是强制门户（Wi-Fi 登录页）或代理登录挡在了中间：请在浏览器中打开一个网页并登录，然后重试</translation>
        </message>
        <message>
            <source>The request to %1 was redirected to %2, which answered with a web page, not an API response. A captive portal (a Wi-Fi sign-in page) or a proxy login may be in the way: open a web page in a browser, sign in, then try again</source>
            <translation>发往 %1 的请求被重定向到 %2，后者返回了一个网页，而不是 API 响应。可能是强制门户（Wi-Fi 登录页）或代理登录挡在了中间：请在浏览器中打开一个网页并登录，然后重试</translation>
        </message>
        <message>
            <source>the page is titled "%1"</source>
            <translation>页面标题为“%1”</translation>
        </message>
        <message>
            <source>The server at %1 redirected the request to %2, another server. Skein does not follow redirects to other servers, so the API key and the conversation were not sent there. Check the base URL; if a Wi-Fi sign-in page or a proxy login is in the way, sign in with a browser, then try again</source>
            <translation>%1 的服务器把请求重定向到了另一台服务器 %2。Skein 不会跟随指向其他服务器的重定向，因此 API 密钥和对话都没有发送到那里。请检查基础 URL；如果是 Wi-Fi 登录页或代理登录挡在中间，请先在浏览器中登录，然后重试</translation>
        </message>
        <message>
            <source>The server's %1 is larger than %2, so Skein stopped reading it; what arrived before is kept</source>
            <translation>服务器的%1超过了 %2，因此 Skein 停止读取；之前收到的内容已保留</translation>
        </message>
        <message>
            <source>The model does not accept images. Send without them, or mark the model as one without vision (Settings → Providers, or skein-cli providers set-model … --vision no): it then reads their names and sizes instead</source>
            <translation>模型不接受图片。请不附图片发送，或把该模型标为不支持视觉（设置 → 提供方，或 skein-cli providers set-model … --vision no）：之后它会读到图片的名称和大小</translation>
        </message>
    </context>
    <context>
        <name>DataPage</name>
        <message>
            <source>Location</source>
            <translation>位置</translation>
        </message>
        <message>
            <source>Data folder</source>
            <translation>数据文件夹</translation>
        </message>
        <message>
            <source>&amp;Open Folder</source>
            <translation>打开文件夹(&amp;O)</translation>
        </message>
        <message>
            <source>&amp;Folder:</source>
            <translation>文件夹(&amp;F)：</translation>
        </message>
        <message>
            <source>The database, backups, logs and window layout are kept here. API keys are not: they are in the system keychain.</source>
            <translation>数据库、备份、日志和窗口布局都保存在这里。API 密钥不在这里：它们保存在系统钥匙串中。</translation>
        </message>
        <message>
            <source>Backup and transfer</source>
            <translation>备份与迁移</translation>
        </message>
        <message>
            <source>&amp;Back Up Now</source>
            <translation>立即备份(&amp;B)</translation>
        </message>
        <message>
            <source>&amp;Export All…</source>
            <translation>全部导出(&amp;E)…</translation>
        </message>
        <message>
            <source>&amp;Import…</source>
            <translation>导入(&amp;I)…</translation>
        </message>
        <message>
            <source>A backup is a consistent copy of the database in the backups folder. Export writes every conversation, memory and provider (without keys) to one JSON file; importing such a file adds what is missing and never duplicates.</source>
            <translation>备份是备份文件夹中数据库的一致副本。导出会把所有对话、记忆和服务商（不含密钥）写入一个 JSON 文件；导入这样的文件只会补充缺少的内容，绝不会重复。</translation>
        </message>
    </context>
    <context>
        <name>DefaultsPage</name>
        <message>
            <source>Context budget</source>
            <translation>上下文预算</translation>
        </message>
        <message>
            <source>Part of the model's window kept free for the reply.</source>
            <translation>模型窗口中为回复预留的部分。</translation>
        </message>
        <message>
            <source> %</source>
            <translation> %</translation>
        </message>
        <message>
            <source>&amp;Output reserve:</source>
            <translation>输出预留(&amp;O)：</translation>
        </message>
        <message>
            <source>The reply reserve never exceeds this many tokens.</source>
            <translation>回复预留绝不超过这么多 token。</translation>
        </message>
        <message>
            <source> tokens</source>
            <translation> 个 token</translation>
        </message>
        <message>
            <source>Output reserve &amp;cap:</source>
            <translation>输出预留上限(&amp;C)：</translation>
        </message>
        <message>
            <source>System prompt, memories and summaries.</source>
            <translation>系统提示词、记忆和摘要。</translation>
        </message>
        <message>
            <source>&amp;System share:</source>
            <translation>系统份额(&amp;S)：</translation>
        </message>
        <message>
            <source>Tool definitions.</source>
            <translation>工具定义。</translation>
        </message>
        <message>
            <source>&amp;Tools share:</source>
            <translation>工具份额(&amp;T)：</translation>
        </message>
        <message>
            <source>Earlier messages; unused shares flow here.</source>
            <translation>较早的消息；未用完的份额会流向这里。</translation>
        </message>
        <message>
            <source>&amp;History share:</source>
            <translation>历史份额(&amp;H)：</translation>
        </message>
        <message>
            <source>The message being sent.</source>
            <translation>正在发送的消息。</translation>
        </message>
        <message>
            <source>C&amp;urrent message share:</source>
            <translation>当前消息份额(&amp;U)：</translation>
        </message>
        <message>
            <source>History</source>
            <translation>历史</translation>
        </message>
        <message>
            <source>At most this many recent messages are sent verbatim.</source>
            <translation>最多原样发送这么多条最近的消息。</translation>
        </message>
        <message>
            <source> messages</source>
            <translation> 条消息</translation>
        </message>
        <message>
            <source>Message &amp;limit:</source>
            <translation>消息上限(&amp;L)：</translation>
        </message>
        <message>
            <source>Older tool results larger than this are replaced by a digest; the full result stays in the log.</source>
            <translation>超过此大小的较早工具结果会被替换为摘要；完整结果仍保存在日志中。</translation>
        </message>
        <message>
            <source>&amp;Digest tool results over:</source>
            <translation>工具结果超过此值时压缩(&amp;D)：</translation>
        </message>
        <message>
            <source>Tool results this recent are never digested.</source>
            <translation>这么近的工具结果永远不会被压缩。</translation>
        </message>
        <message>
            <source> turns</source>
            <translation> 轮</translation>
        </message>
        <message>
            <source>&amp;Keep full results of the last:</source>
            <translation>保留完整结果的最近轮数(&amp;K)：</translation>
        </message>
        <message>
            <source>Of the history budget, for all tool results together.</source>
            <translation>占历史预算的比例，所有工具结果合计。</translation>
        </message>
        <message>
            <source>Tool results may &amp;fill:</source>
            <translation>工具结果最多占用(&amp;F)：</translation>
        </message>
        <message>
            <source>Of the history share; older turns are then summarised.</source>
            <translation>相对于历史份额；随后较早的轮次会被总结。</translation>
        </message>
        <message>
            <source>Su&amp;mmarise when history reaches:</source>
            <translation>历史达到此比例时总结(&amp;M)：</translation>
        </message>
        <message>
            <source>Summarising stops once history is back under this part of its share.</source>
            <translation>历史回到其份额的这一比例以下时停止总结。</translation>
        </message>
        <message>
            <source>Summarise &amp;down to:</source>
            <translation>总结至(&amp;D)：</translation>
        </message>
        <message>
            <source>Summarise after this many turns since the last summary.</source>
            <translation>距上次总结经过这么多轮后进行总结。</translation>
        </message>
        <message>
            <source>Or after &amp;every:</source>
            <translation>或每隔(&amp;E)：</translation>
        </message>
        <message>
            <source>The most recent turns are never summarised.</source>
            <translation>最近的这些轮次永远不会被总结。</translation>
        </message>
        <message>
            <source>Always keep &amp;verbatim:</source>
            <translation>始终原样保留(&amp;V)：</translation>
        </message>
        <message>
            <source>A chat left idle this long is summarised in the background.</source>
            <translation>闲置这么久的对话会在后台进行总结。</translation>
        </message>
        <message>
            <source> min</source>
            <translation> 分钟</translation>
        </message>
        <message>
            <source>Compact &amp;idle chats after:</source>
            <translation>闲置对话压缩时间(&amp;I)：</translation>
        </message>
        <message>
            <source>Longer conversations keep only a recent part for the model; everything stays stored.</source>
            <translation>更长的对话只向模型发送最近的一部分；所有内容仍会保存。</translation>
        </message>
        <message>
            <source>&amp;Never replay more than:</source>
            <translation>最多重放(&amp;N)：</translation>
        </message>
        <message>
            <source>Agent</source>
            <translation>智能体</translation>
        </message>
        <message>
            <source>After this many tool rounds the model is asked for its best answer.</source>
            <translation>经过这么多轮工具调用后，会请模型给出它的最佳答案。</translation>
        </message>
        <message>
            <source>Model &amp;calls per message:</source>
            <translation>每条消息的模型调用次数(&amp;C)：</translation>
        </message>
        <message>
            <source>A tool that runs longer is stopped and reported as timed out.</source>
            <translation>运行时间更长的工具会被停止，并报告为超时。</translation>
        </message>
        <message>
            <source> s</source>
            <translation> 秒</translation>
        </message>
        <message>
            <source>Tool &amp;timeout:</source>
            <translation>工具超时(&amp;T)：</translation>
        </message>
        <message>
            <source>&amp;Restore Defaults</source>
            <translation>恢复默认值(&amp;R)</translation>
        </message>
        <message>
            <source>Attachments</source>
            <translation>附件</translation>
        </message>
        <message>
            <source>A larger file is refused when it is attached.</source>
            <translation>超过此大小的文件在附加时会被拒绝。</translation>
        </message>
        <message>
            <source> MB</source>
            <translation> MB</translation>
        </message>
        <message>
            <source>Largest &amp;file:</source>
            <translation>最大单个&amp;文件：</translation>
        </message>
        <message>
            <source>All the files of one message together.</source>
            <translation>一条消息中所有文件的总和。</translation>
        </message>
        <message>
            <source>Files of one &amp;message:</source>
            <translation>一条&amp;消息的文件：</translation>
        </message>
        <message>
            <source>Of the input budget, for earlier messages outside the window that match the current one; 0 turns recall off.</source>
            <translation>占输入预算的比例，用于窗口之外、与当前消息相关的较早消息；设为 0 即关闭召回。</translation>
        </message>
        <message>
            <source>Re&amp;call earlier messages in up to:</source>
            <translation>召回较早消息最多占用(&amp;C)：</translation>
        </message>
        <message>
            <source>Recall from &amp;other conversations too</source>
            <translation>也从其他对话中召回(&amp;O)</translation>
        </message>
        <message>
            <source>Also quote matching messages of your other conversations. A conversation's own setting wins.</source>
            <translation>也引用你其他对话中相匹配的消息。对话自身的设置优先。</translation>
        </message>
        <message>
            <source>Of the input budget, for the notes you pinned; they are never summarised. Notes beyond it are left out and the context inspector says so.</source>
            <translation>占输入预算的比例，用于你置顶的笔记；它们永远不会被摘要。超出的笔记会被略去，上下文检查器会注明。</translation>
        </message>
        <message>
            <source>&amp;Pinned notes take up to:</source>
            <translation>置顶笔记最多占用(&amp;P)：</translation>
        </message>
    </context>
    <context>
        <name>FirstRunDialog</name>
        <message>
            <source>Welcome to Skein</source>
            <translation>欢迎使用 Skein</translation>
        </message>
        <message>
            <source>&lt;b&gt;Let's connect a model.&lt;/b&gt;&lt;br&gt;Use a model server running on this computer, or a cloud provider with your API key. You can add more later in Settings.</source>
            <translation>&lt;b&gt;来连接一个模型吧。&lt;/b&gt;&lt;br&gt;使用在本机运行的模型服务器，或使用带 API 密钥的云服务商。以后可以在设置中添加更多。</translation>
        </message>
        <message>
            <source>On this computer</source>
            <translation>在这台电脑上</translation>
        </message>
        <message>
            <source>Cloud provider</source>
            <translation>云服务商</translation>
        </message>
        <message>
            <source>API key</source>
            <translation>API 密钥</translation>
        </message>
        <message>
            <source>Paste the API key</source>
            <translation>粘贴 API 密钥</translation>
        </message>
        <message>
            <source>&amp;Add Provider</source>
            <translation>添加服务商(&amp;A)</translation>
        </message>
        <message>
            <source>&amp;Provider:</source>
            <translation>服务商(&amp;P)：</translation>
        </message>
        <message>
            <source>API &amp;key:</source>
            <translation>API 密钥(&amp;K)：</translation>
        </message>
        <message>
            <source>The key is kept in the system keychain, never in Skein's files.</source>
            <translation>密钥保存在系统钥匙串中，绝不会写入 Skein 的文件。</translation>
        </message>
    </context>
    <context>
        <name>McpPage</name>
        <message>
            <source>Tools from MCP servers become available to the model. Checked servers are started when a chat needs them; their error output goes to a log.</source>
            <translation>MCP 服务器提供的工具可供模型使用。勾选的服务器会在对话需要时启动；它们的错误输出会写入日志。</translation>
        </message>
        <message>
            <source>MCP servers; checked ones are enabled</source>
            <translation>MCP 服务器；勾选的已启用</translation>
        </message>
        <message>
            <source>&amp;Add…</source>
            <translation>添加(&amp;A)…</translation>
        </message>
        <message>
            <source>Import servers from a file in the common “mcpServers” format, such as claude_desktop_config.json.</source>
            <translation>从常见的“mcpServers”格式文件（例如 claude_desktop_config.json）导入服务器。</translation>
        </message>
        <message>
            <source>&amp;Import File…</source>
            <translation>导入文件(&amp;I)…</translation>
        </message>
        <message>
            <source>&amp;Remove</source>
            <translation>移除(&amp;R)</translation>
        </message>
        <message>
            <source>Open &amp;Log</source>
            <translation>打开日志(&amp;L)</translation>
        </message>
    </context>
    <context>
        <name>McpServerDialog</name>
        <message>
            <source>Add MCP Server</source>
            <translation>添加 MCP 服务器</translation>
        </message>
        <message>
            <source>Program on this computer (stdio)</source>
            <translation>本机程序（stdio）</translation>
        </message>
        <message>
            <source>Remote server (HTTP)</source>
            <translation>远程服务器（HTTP）</translation>
        </message>
        <message>
            <source>One NAME=value per line</source>
            <translation>每行一个 NAME=value</translation>
        </message>
        <message>
            <source>A server describes its own tools. Unless you trust it, every tool call asks first, whatever the server claims.</source>
            <translation>工具由服务器自己描述。除非你信任它，否则无论服务器如何声称，每次工具调用都会先询问。</translation>
        </message>
        <message>
            <source>&amp;Trust this server: tools it marks read-only run without asking</source>
            <translation>信任此服务器(&amp;T)：它标记为只读的工具无需询问即可运行</translation>
        </message>
        <message>
            <source>&amp;Name:</source>
            <translation>名称(&amp;N)：</translation>
        </message>
        <message>
            <source>&amp;Type:</source>
            <translation>类型(&amp;T)：</translation>
        </message>
        <message>
            <source>&amp;Command:</source>
            <translation>命令(&amp;C)：</translation>
        </message>
        <message>
            <source>&amp;Arguments:</source>
            <translation>参数(&amp;A)：</translation>
        </message>
        <message>
            <source>&amp;Environment:</source>
            <translation>环境变量(&amp;E)：</translation>
        </message>
        <message>
            <source>&amp;URL:</source>
            <translation>网址(&amp;U)：</translation>
        </message>
    </context>
    <context>
        <name>MemoryEditDialog</name>
        <message>
            <source>Edit Memory</source>
            <translation>编辑记忆</translation>
        </message>
        <message>
            <source>&amp;Type:</source>
            <translation>类型(&amp;T)：</translation>
        </message>
        <message>
            <source>&amp;Scope:</source>
            <translation>范围(&amp;S)：</translation>
        </message>
        <message>
            <source>&amp;Memory:</source>
            <translation>记忆(&amp;M)：</translation>
        </message>
        <message>
            <source>Memory text</source>
            <translation>记忆内容</translation>
        </message>
        <message>
            <source>The current text is kept in the history and can be restored.</source>
            <translation>当前内容会保留在历史记录中，可以随时恢复。</translation>
        </message>
        <message>
            <source>&amp;Why:</source>
            <translation>原因(&amp;W)：</translation>
        </message>
        <message>
            <source>Why the fact changed</source>
            <translation>事实为何变化</translation>
        </message>
        <message>
            <source>Optional, e.g. moved in May</source>
            <translation>可选，例如：五月搬家了</translation>
        </message>
    </context>
    <context>
        <name>MemoryHistoryDialog</name>
        <message>
            <source>Memory Timeline</source>
            <translation>记忆时间线</translation>
        </message>
        <message>
            <source>Timeline</source>
            <translation>时间线</translation>
        </message>
        <message>
            <source>Text of the selected entry</source>
            <translation>所选条目的文本</translation>
        </message>
        <message>
            <source>This memory has not changed yet.</source>
            <translation>这条记忆尚未变化。</translation>
        </message>
    </context>
    <context>
        <name>MemoryPage</name>
        <message>
            <source>&amp;Learn memories from my messages automatically</source>
            <translation>自动从我的消息中学习记忆(&amp;L)</translation>
        </message>
        <message>
            <source>New memories &amp;wait for my review before they are used</source>
            <translation>新记忆需经我审核后才会使用(&amp;W)</translation>
        </message>
        <message>
            <source>After an exchange, Skein can pick out durable facts and preferences from what you wrote (never from tool output or quoted text). With review on, they appear in the Memory inspector as pending until you accept them.</source>
            <translation>每次对话后，Skein 可以从你写的内容中挑出长期有效的事实和偏好（绝不会来自工具输出或引用的文本）。开启审核后，它们会以待审核状态出现在记忆检查器中，直到你接受为止。</translation>
        </message>
        <message>
            <source>Model for summaries and memory extraction</source>
            <translation>用于摘要和记忆提取的模型</translation>
        </message>
        <message>
            <source>Summaries of long conversations and memory extraction run in the background. A small, inexpensive model is usually enough; "Same as the chat" uses each conversation's own model.</source>
            <translation>长对话的摘要和记忆提取在后台运行，通常一个小而便宜的模型就够用；“与对话相同”会使用每个对话自己的模型。</translation>
        </message>
        <message>
            <source>&amp;Pause memory: learn nothing and add no memory to prompts</source>
            <translation>暂停记忆(&amp;P)：不学习新内容，也不在提示中加入任何记忆</translation>
        </message>
        <message>
            <source>Propose archiving the least used memories beyond &amp;this many:</source>
            <translation>超过此数量(&amp;T)时，建议归档最少使用的记忆：</translation>
        </message>
        <message>
            <source>Most active memories</source>
            <translation>活跃记忆上限</translation>
        </message>
        <message>
            <source>Notes you pinned stay in prompts while memory is paused.</source>
            <translation>记忆暂停时，你置顶的笔记仍会留在提示词中。</translation>
        </message>
        <message>
            <source>Semantic recall</source>
            <translation>语义召回</translation>
        </message>
        <message>
            <source>Recall also finds earlier messages by what they mean, not only by their words. Each message is sent once to the provider's embeddings endpoint; its vector stays on this computer. Incognito conversations are never sent.</source>
            <translation>召回不仅按字词，还能按含义查找较早的消息。每条消息只发送一次到服务商的嵌入端点；其向量保存在本机。无痕对话从不发送。</translation>
        </message>
    </context>
    <context>
        <name>ProvidersPage</name>
        <message>
            <source>Configured providers</source>
            <translation>已配置的服务商</translation>
        </message>
        <message>
            <source>Add a provider from a preset</source>
            <translation>从预设添加服务商</translation>
        </message>
        <message>
            <source>&amp;Add</source>
            <translation>添加(&amp;A)</translation>
        </message>
        <message>
            <source>Remove the selected provider</source>
            <translation>移除所选服务商</translation>
        </message>
        <message>
            <source>&amp;Remove</source>
            <translation>移除(&amp;R)</translation>
        </message>
        <message>
            <source>&amp;Name:</source>
            <translation>名称(&amp;N)：</translation>
        </message>
        <message>
            <source>&amp;Kind:</source>
            <translation>类型(&amp;K)：</translation>
        </message>
        <message>
            <source>Base &amp;URL:</source>
            <translation>基础网址(&amp;U)：</translation>
        </message>
        <message>
            <source>&amp;Use this provider (send messages and background work to it)</source>
            <translation>使用此服务商(&amp;U)（向它发送消息和后台任务）</translation>
        </message>
        <message>
            <source>Save &amp;Key</source>
            <translation>保存密钥(&amp;K)</translation>
        </message>
        <message>
            <source>API &amp;key:</source>
            <translation>API 密钥(&amp;K)：</translation>
        </message>
        <message>
            <source>&amp;Test Connection</source>
            <translation>测试连接(&amp;T)</translation>
        </message>
        <message>
            <source>&amp;Fetch Models</source>
            <translation>获取模型(&amp;F)</translation>
        </message>
        <message>
            <source>Default &amp;model:</source>
            <translation>默认模型(&amp;M)：</translation>
        </message>
        <message>
            <source>Double-click a number to correct it; prices are in US dollars per million tokens.</source>
            <translation>双击数字即可修改；价格单位为每百万 token 的美元。</translation>
        </message>
        <message>
            <source>Models, with context window, maximum output and prices per million tokens</source>
            <translation>模型，以及上下文窗口、最大输出和每百万 token 的价格</translation>
        </message>
        <message>
            <source>No provider yet. Use Add to pick one: a cloud service with an API key, or a server running on this computer such as Ollama, llama.cpp or LM Studio.</source>
            <translation>还没有服务商。使用“添加”选择一个：带 API 密钥的云服务，或在本机运行的服务器，例如 Ollama、llama.cpp 或 LM Studio。</translation>
        </message>
    </context>
    <context>
        <name>SettingsDialog</name>
        <message>
            <source>Settings</source>
            <translation>设置</translation>
        </message>
        <message>
            <source>Settings pages</source>
            <translation>设置页面</translation>
        </message>
    </context>
    <context>
        <name>Skein::AboutDialog</name>
        <message>
            <source>%1 %2</source>
            <translation>%1 %2</translation>
        </message>
        <message>
            <source>Components and their versions</source>
            <translation>组件及其版本</translation>
        </message>
    </context>
    <context>
        <name>Skein::Accessibility</name>
        <message>
            <source>Clear</source>
            <translation>清除</translation>
        </message>
    </context>
    <context>
        <name>Skein::AppearancePage</name>
        <message>
            <source>Follow the system</source>
            <translation>跟随系统</translation>
        </message>
        <message>
            <source>Light</source>
            <translation>浅色</translation>
        </message>
        <message>
            <source>Dark</source>
            <translation>深色</translation>
        </message>
        <message>
            <source>The language changes the next time Skein starts.</source>
            <translation>语言将在下次启动 Skein 时更改。</translation>
        </message>
        <message>
            <source>Restart Skein to use the new language.</source>
            <translation>重新启动 Skein 以使用新语言。</translation>
        </message>
    </context>
    <context>
        <name>Skein::AsyncStore</name>
        <message>
            <source>Skein did not save this change because the check of its database at start-up failed. %1</source>
            <translation>启动时对数据库的检查未通过，因此 Skein 没有保存这项更改。%1</translation>
        </message>
    </context>
    <context>
        <name>Skein::AttachmentIntake</name>
        <message>
            <source>“%1” is not a readable image (%2).</source>
            <translation>“%1”不是可读取的图像（%2）。</translation>
        </message>
        <message>
            <source>“%1” says it is %2 × %3 pixels, more than Skein decodes (%4 million): it is not attached.</source>
            <translation>“%1”声称有 %2 × %3 像素，超过 Skein 解码的上限（%4 百万）：未附加。</translation>
        </message>
        <message>
            <source>“%1” could not be prepared: %2</source>
            <translation>无法处理“%1”：%2</translation>
        </message>
        <message>
            <source>“%1” is not a readable PDF.</source>
            <translation>“%1”不是可读取的 PDF。</translation>
        </message>
        <message>
            <source>“%1” is protected by a password: Skein cannot read it.</source>
            <translation>“%1”受密码保护：Skein 无法读取。</translation>
        </message>
        <message>
            <source>“%1” cannot be read: %2</source>
            <translation>无法读取“%1”：%2</translation>
        </message>
        <message>
            <source>“%1” is not text (it holds binary data), and only images, PDFs and text files can be attached.</source>
            <translation>“%1”不是文本（含有二进制数据），只能附加图像、PDF 和文本文件。</translation>
        </message>
        <message>
            <source>“%1” is not a file.</source>
            <translation>“%1”不是文件。</translation>
        </message>
        <message>
            <source>“%1” cannot be read.</source>
            <translation>无法读取“%1”。</translation>
        </message>
        <message>
            <source>“%1” is %2; an attachment may be at most %3.</source>
            <translation>“%1”大小为 %2；附件最大为 %3。</translation>
        </message>
        <message>
            <source>“%1” is an image of a kind Skein does not send (%2): PNG, JPEG, WebP and GIF are.</source>
            <translation>“%1”是 Skein 不发送的图像类型（%2）：支持 PNG、JPEG、WebP 和 GIF。</translation>
        </message>
        <message>
            <source>“%1” is %2 (%3): only images, PDFs and text files can be attached.</source>
            <translation>“%1”是%2（%3）：只能附加图像、PDF 和文本文件。</translation>
        </message>
        <message>
            <source>“%1” cannot be read any more: %2</source>
            <translation>无法再读取“%1”：%2</translation>
        </message>
    </context>
    <context>
        <name>Skein::AttachmentTray</name>
        <message>
            <source>Attached files</source>
            <translation>附加的文件</translation>
        </message>
        <message>
            <source>image</source>
            <translation>图片</translation>
        </message>
        <message>
            <source>%1 × %2 pixels</source>
            <translation>%1 × %2 像素</translation>
        </message>
        <message>
            <source>PDF</source>
            <translation>PDF</translation>
        </message>
        <message numerus="yes">
            <source>%n page(s)</source>
            <translation>
                <numerusform>%n 页</numerusform>
            </translation>
        </message>
        <message>
            <source>text</source>
            <translation>文本</translation>
        </message>
        <message numerus="yes">
            <source>Reading %n file(s)…</source>
            <translation>
                <numerusform>正在读取 %n 个文件…</numerusform>
            </translation>
        </message>
        <message>
            <source>not sent: the model has no vision</source>
            <translation>不会发送：该模型不支持视觉</translation>
        </message>
        <message>
            <source>Remove %1</source>
            <translation>移除 %1</translation>
        </message>
        <message>
            <source>The image is not sent: the chosen model has no vision; it reads the image's name and size.</source>
            <translation>不会发送这张图片：所选模型不支持视觉，它只会读到图片的名称和大小。</translation>
        </message>
        <message>
            <source>with its pages</source>
            <translation>连同页面</translation>
        </message>
        <message>
            <source>pages not sent: the model has no vision</source>
            <translation>页面不发送：该模型没有视觉能力</translation>
        </message>
        <message>
            <source>Pages</source>
            <translation>页面</translation>
        </message>
        <message>
            <source>Send the pages of %1 as images too</source>
            <translation>同时将 %1 的页面作为图片发送</translation>
        </message>
        <message numerus="yes">
            <source>Send its pages as images too, to a model that reads images: for scans, charts and layout the text alone loses. At most %n page(s) go; they cost tokens like images.</source>
            <translation>
                <numerusform>同时将其页面作为图片发送给能读图片的模型：适用于扫描件、图表和仅靠文本会丢失的版式。最多发送 %n 页；页面像图片一样消耗令牌。</numerusform>
            </translation>
        </message>
        <message>
            <source>Its pages are not sent: the chosen model has no vision; it reads the PDF's text.</source>
            <translation>其页面不会发送：所选模型没有视觉能力；它读取 PDF 的文本。</translation>
        </message>
        <message>
            <source>Its pages are sent as images too.</source>
            <translation>其页面也会作为图片发送。</translation>
        </message>
    </context>
    <context>
        <name>Skein::AttachmentViewer</name>
        <message>
            <source>Image: %1</source>
            <translation>图片：%1</translation>
        </message>
        <message>
            <source>Loading…</source>
            <translation>正在加载…</translation>
        </message>
        <message>
            <source>Text of %1</source>
            <translation>%1 的文本</translation>
        </message>
        <message>
            <source>There is nothing to show of this file here; Save As… writes it to a file.</source>
            <translation>此处无法显示这个文件；“另存为…”可将其写入文件。</translation>
        </message>
        <message>
            <source>The file this conversation was imported from named this attachment but did not include it.</source>
            <translation>导入此对话的文件只列出了这个附件，并未包含其内容。</translation>
        </message>
        <message>
            <source>Save As…</source>
            <translation>另存为…</translation>
        </message>
        <message>
            <source>The image could not be read: %1</source>
            <translation>无法读取图片：%1</translation>
        </message>
        <message>
            <source>The image could not be decoded.</source>
            <translation>无法解码图片。</translation>
        </message>
        <message>
            <source>Save Attachment</source>
            <translation>保存附件</translation>
        </message>
        <message>
            <source>Saving…</source>
            <translation>正在保存…</translation>
        </message>
        <message>
            <source>Saved as %1.</source>
            <translation>已保存为 %1。</translation>
        </message>
        <message>
            <source>Could not save it: %1</source>
            <translation>无法保存：%1</translation>
        </message>
    </context>
    <context>
        <name>Skein::BranchGraph</name>
        <message>
            <source>You</source>
            <translation>你</translation>
        </message>
        <message>
            <source>Assistant</source>
            <translation>助手</translation>
        </message>
        <message>
            <source>System</source>
            <translation>系统</translation>
        </message>
        <message>
            <source>Tool</source>
            <translation>工具</translation>
        </message>
        <message>
            <source>Conversation tree</source>
            <translation>对话树</translation>
        </message>
        <message>
            <source>On the current branch. Click to show it in the chat.</source>
            <translation>位于当前分支。点击可在对话中显示。</translation>
        </message>
        <message>
            <source>Click to switch to this branch.</source>
            <translation>点击切换到此分支。</translation>
        </message>
        <message>
            <source>Summary of 1 message</source>
            <translation>1 条消息的摘要</translation>
        </message>
        <message>
            <source>Summary of %1 messages</source>
            <translation>%1 条消息的摘要</translation>
        </message>
        <message>
            <source>1 token</source>
            <translation>1 个令牌</translation>
        </message>
        <message>
            <source>%1 tokens</source>
            <translation>%1 个令牌</translation>
        </message>
        <message>
            <source>Click to expand the messages it covers.</source>
            <translation>点击展开其涵盖的消息。</translation>
        </message>
        <message>
            <source>%1 messages in a straight line</source>
            <translation>%1 条连续消息</translation>
        </message>
        <message>
            <source>Click to expand.</source>
            <translation>点击展开。</translation>
        </message>
        <message>
            <source>Session summary, %1 tokens</source>
            <translation>会话摘要，%1 个令牌</translation>
        </message>
        <message>
            <source>Segment summary, %1 tokens</source>
            <translation>片段摘要，%1 个令牌</translation>
        </message>
        <message>
            <source>Click to collapse the span into its summary.</source>
            <translation>点击将这段消息折叠为摘要。</translation>
        </message>
        <message>
            <source>⋯ %1 more</source>
            <translation>⋯ 另有 %1 条</translation>
        </message>
        <message>
            <source>Summary (%1)</source>
            <translation>摘要（%1 条）</translation>
        </message>
        <message>
            <source>(writing…)</source>
            <translation>（正在生成…）</translation>
        </message>
        <message>
            <source>(empty)</source>
            <translation>（空）</translation>
        </message>
        <message>
            <source>Press Enter to switch to this branch.</source>
            <translation>按 Enter 键切换到这个分支。</translation>
        </message>
        <message numerus="yes">
            <source>Summary of %n message(s): %1</source>
            <translation>
                <numerusform>%n 条消息的摘要：%1</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n more message(s)</source>
            <translation>
                <numerusform>另外 %n 条消息</numerusform>
            </translation>
        </message>
        <message>
            <source>%1: %2</source>
            <translation>%1：%2</translation>
        </message>
        <message>
            <source>on the branch shown</source>
            <translation>在当前显示的分支上</translation>
        </message>
        <message>
            <source>reply to %1</source>
            <translation>回复“%1”</translation>
        </message>
        <message>
            <source>last message of its branch</source>
            <translation>所在分支的最后一条消息</translation>
        </message>
        <message>
            <source>Show in Chat</source>
            <translation>在聊天中显示</translation>
        </message>
    </context>
    <context>
        <name>Skein::BranchView</name>
        <message>
            <source>Zoom out (Ctrl+−)</source>
            <translation>缩小 (Ctrl+−)</translation>
        </message>
        <message>
            <source>Actual size (Ctrl+0)</source>
            <translation>实际大小 (Ctrl+0)</translation>
        </message>
        <message>
            <source>Zoom in (Ctrl++)</source>
            <translation>放大 (Ctrl++)</translation>
        </message>
        <message>
            <source>Compact</source>
            <translation>紧凑</translation>
        </message>
        <message>
            <source>Collapse long straight runs and summarised spans</source>
            <translation>折叠较长的连续消息和已摘要的片段</translation>
        </message>
        <message>
            <source>No conversation open</source>
            <translation>未打开对话</translation>
        </message>
        <message>
            <source>1 message</source>
            <translation>1 条消息</translation>
        </message>
        <message>
            <source>%1 messages</source>
            <translation>%1 条消息</translation>
        </message>
        <message>
            <source>1 branch</source>
            <translation>1 个分支</translation>
        </message>
        <message>
            <source>%1 branches</source>
            <translation>%1 个分支</translation>
        </message>
        <message>
            <source>Zoom Out</source>
            <translation>缩小</translation>
        </message>
        <message>
            <source>Actual Size</source>
            <translation>实际大小</translation>
        </message>
        <message>
            <source>Zoom In</source>
            <translation>放大</translation>
        </message>
        <message>
            <source>Compact Long Runs</source>
            <translation>折叠较长的直线段</translation>
        </message>
    </context>
    <context>
        <name>Skein::BudgetBar</name>
        <message>
            <source>Context budget</source>
            <translation>上下文预算</translation>
        </message>
        <message>
            <source>%1: %2 tokens (%3% of the budget)</source>
            <translation>%1：%2 个令牌（占预算 %3%）</translation>
        </message>
    </context>
    <context>
        <name>Skein::BuiltinTools</name>
        <message>
            <source>Unknown time zone “%1”; use an IANA id such as Europe/Berlin.</source>
            <translation>未知时区“%1”；请使用 IANA 标识，例如 Asia/Shanghai。</translation>
        </message>
        <message>
            <source>The argument “expression” must be a string.</source>
            <translation>参数“expression”必须是字符串。</translation>
        </message>
        <message>
            <source>The argument “query” must be a non-empty string.</source>
            <translation>参数“query”必须是非空字符串。</translation>
        </message>
        <message>
            <source>Memories could not be read: %1</source>
            <translation>无法读取记忆：%1</translation>
        </message>
        <message>
            <source>The argument “content” must be a non-empty string of at most %1 characters.</source>
            <translation>参数“content”必须是非空字符串，且不超过 %1 个字符。</translation>
        </message>
        <message>
            <source>Unknown memory type “%1”.</source>
            <translation>未知的记忆类型“%1”。</translation>
        </message>
        <message>
            <source>The memory could not be saved: %1</source>
            <translation>无法保存记忆：%1</translation>
        </message>
        <message>
            <source>The database is closed.</source>
            <translation>数据库已关闭。</translation>
        </message>
        <message>
            <source>Storage failed: %1</source>
            <translation>存储失败：%1</translation>
        </message>
    </context>
    <context>
        <name>Skein::Calculator</name>
        <message>
            <source>unmatched ‘)’</source>
            <translation>多余的“)”</translation>
        </message>
        <message>
            <source>unexpected %1</source>
            <translation>意外的 %1</translation>
        </message>
        <message>
            <source>expression nested too deeply (more than %1 levels)</source>
            <translation>表达式嵌套过深（超过 %1 层）</translation>
        </message>
        <message>
            <source>result is too large or undefined</source>
            <translation>结果过大或无定义</translation>
        </message>
        <message>
            <source>division by zero</source>
            <translation>除以零</translation>
        </message>
        <message>
            <source>remainder of division by zero</source>
            <translation>对零取余</translation>
        </message>
        <message>
            <source>fractional power of a negative number</source>
            <translation>负数的分数次幂</translation>
        </message>
        <message>
            <source>a number needs digits</source>
            <translation>数字缺少数位</translation>
        </message>
        <message>
            <source>exponent of a number needs digits</source>
            <translation>数字的指数缺少数位</translation>
        </message>
        <message>
            <source>a number has a second decimal point</source>
            <translation>数字中出现第二个小数点</translation>
        </message>
        <message>
            <source>number is too large</source>
            <translation>数字过大</translation>
        </message>
        <message>
            <source>unexpected end of expression</source>
            <translation>表达式意外结束</translation>
        </message>
        <message>
            <source>‘(’ is never closed</source>
            <translation>“(”没有闭合</translation>
        </message>
        <message>
            <source>expected ‘)’</source>
            <translation>此处应为“)”</translation>
        </message>
        <message>
            <source>unknown name ‘%1’</source>
            <translation>未知名称“%1”</translation>
        </message>
        <message>
            <source>expected ‘,’ or ‘)’</source>
            <translation>此处应为“,”或“)”</translation>
        </message>
        <message>
            <source>%1() takes %2 argument(s), got %3</source>
            <translation>%1() 需要 %2 个参数，实际为 %3 个</translation>
        </message>
        <message>
            <source>%1() needs at least one argument</source>
            <translation>%1() 至少需要一个参数</translation>
        </message>
        <message>
            <source>square root of a negative number</source>
            <translation>负数的平方根</translation>
        </message>
        <message>
            <source>logarithm of a number that is not positive</source>
            <translation>非正数的对数</translation>
        </message>
        <message>
            <source>unknown function ‘%1’</source>
            <translation>未知函数“%1”</translation>
        </message>
        <message>
            <source>expression is longer than %1 characters</source>
            <translation>表达式超过 %1 个字符</translation>
        </message>
        <message>
            <source>%1 at position %2</source>
            <translation>%1（位置 %2）</translation>
        </message>
        <message>
            <source>empty expression</source>
            <translation>空表达式</translation>
        </message>
    </context>
    <context>
        <name>Skein::ChatController</name>
        <message>
            <source>Search failed: %1</source>
            <translation>搜索失败：%1</translation>
        </message>
        <message>
            <source>Could not load conversations: %1</source>
            <translation>无法加载对话：%1</translation>
        </message>
        <message>
            <source>Could not create a conversation: %1</source>
            <translation>无法创建对话：%1</translation>
        </message>
        <message>
            <source>Could not rename: %1</source>
            <translation>无法重命名：%1</translation>
        </message>
        <message>
            <source>Could not archive: %1</source>
            <translation>无法归档：%1</translation>
        </message>
        <message>
            <source>Conversation archived.</source>
            <translation>对话已归档。</translation>
        </message>
        <message>
            <source>Conversation deleted.</source>
            <translation>对话已删除。</translation>
        </message>
        <message>
            <source>“%1” deleted.</source>
            <translation>“%1”已删除。</translation>
        </message>
        <message>
            <source>Copy of conversation</source>
            <translation>对话副本</translation>
        </message>
        <message>
            <source>%1 (copy)</source>
            <translation>%1（副本）</translation>
        </message>
        <message>
            <source>Could not duplicate: %1</source>
            <translation>无法复制对话：%1</translation>
        </message>
        <message>
            <source>Exported to %1</source>
            <translation>已导出到 %1</translation>
        </message>
        <message>
            <source>Export failed: %1</source>
            <translation>导出失败：%1</translation>
        </message>
        <message>
            <source>Tool server “%1” stopped: %2 (Tools → Restart Tool Servers starts it again; its log is in Settings → MCP servers).</source>
            <translation>工具服务器“%1”已停止：%2（可通过“工具 → 重启工具服务器”再次启动；其日志见“设置 → MCP 服务器”）。</translation>
        </message>
        <message>
            <source>“%1” in the conversation “%2” needs your approval.</source>
            <translation>对话“%2”中的“%1”需要你的批准。</translation>
        </message>
        <message>
            <source>Untitled</source>
            <translation>未命名</translation>
        </message>
        <message>
            <source>No conversation has the id %1.</source>
            <translation>没有 ID 为 %1 的对话。</translation>
        </message>
        <message numerus="yes">
            <source>%1 is the start of %n conversation ids; give more of it.</source>
            <translation>
                <numerusform>%1 是 %n 个对话 ID 的开头；请给出更多字符。</numerusform>
            </translation>
        </message>
        <message>
            <source>Sent to the printer</source>
            <translation>已发送到打印机</translation>
        </message>
        <message>
            <source>Printing failed: %1</source>
            <translation>打印失败：%1</translation>
        </message>
        <message>
            <source>Still indexing %L1 imported messages for search: they are not in these results yet.</source>
            <translation>仍在为搜索建立索引：还有 %L1 条导入的消息，暂不在这些结果中。</translation>
        </message>
        <message>
            <source>Could not change the tags: %1</source>
            <translation>无法更改标签：%1</translation>
        </message>
        <message>
            <source>Could not delete a previous incognito conversation: %1</source>
            <translation>无法删除上次留下的无痕对话：%1</translation>
        </message>
        <message>
            <source>Could not keep the conversation: %1</source>
            <translation>无法保留该对话：%1</translation>
        </message>
    </context>
    <context>
        <name>Skein::ChatView</name>
        <message>
            <source>Conversation</source>
            <translation>对话</translation>
        </message>
        <message>
            <source>Open Link: %1</source>
            <translation>打开链接：%1</translation>
        </message>
        <message>
            <source>Copy Code Block</source>
            <translation>复制代码块</translation>
        </message>
        <message>
            <source>version %1 of %2</source>
            <translation>第 %1 个版本，共 %2 个</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <translation>%1：%2</translation>
        </message>
        <message>
            <source>Copy Code: %1</source>
            <translation>复制代码：%1</translation>
        </message>
        <message>
            <source>Open %1</source>
            <translation>打开 %1</translation>
        </message>
        <message>
            <source>attached: %1</source>
            <translation>附件：%1</translation>
        </message>
        <message>
            <source>Pin Selection to This Conversation</source>
            <translation>将所选内容置顶到此对话</translation>
        </message>
        <message>
            <source>Pin to This Conversation</source>
            <translation>置顶到此对话</translation>
        </message>
        <message>
            <source>Pin Selection to All Conversations</source>
            <translation>将所选内容置顶到所有对话</translation>
        </message>
        <message>
            <source>Pin to All Conversations</source>
            <translation>置顶到所有对话</translation>
        </message>
    </context>
    <context>
        <name>Skein::Cli</name>
        <message>
            <source>Skein on the command line: the same data and engine as the app.</source>
            <translation>命令行版 Skein：与桌面应用共用同一份数据和引擎。</translation>
        </message>
        <message>
            <source>The command to run (see above).</source>
            <translation>要运行的命令（见上）。</translation>
        </message>
        <message>
            <source>no command given; try --help</source>
            <translation>未指定命令；请查看 --help</translation>
        </message>
        <message>
            <source>Data directory: %1</source>
            <translation>数据目录：%1</translation>
        </message>
        <message>
            <source>unknown command '%1'; try --help</source>
            <translation>未知命令“%1”；请查看 --help</translation>
        </message>
        <message>
            <source>Print JSON.</source>
            <translation>输出 JSON。</translation>
        </message>
        <message>
            <source>The title.</source>
            <translation>标题。</translation>
        </message>
        <message>
            <source>text</source>
            <translation>文本</translation>
        </message>
        <message>
            <source>The system prompt.</source>
            <translation>系统提示词。</translation>
        </message>
        <message>
            <source>Every message of the tree, not only the active branch.</source>
            <translation>显示整棵树中的所有消息，而不仅是当前分支。</translation>
        </message>
        <message>
            <source>user, assistant, system or tool.</source>
            <translation>user、assistant、system 或 tool。</translation>
        </message>
        <message>
            <source>role</source>
            <translation>角色</translation>
        </message>
        <message>
            <source>Parent message (default: the active leaf).</source>
            <translation>父消息（默认：当前分支的末端消息）。</translation>
        </message>
        <message>
            <source>id</source>
            <translation>ID</translation>
        </message>
        <message>
            <source>The call a tool message answers.</source>
            <translation>工具消息所回应的调用。</translation>
        </message>
        <message>
            <source>The tool a tool message comes from.</source>
            <translation>工具消息来自的工具。</translation>
        </message>
        <message>
            <source>name</source>
            <translation>名称</translation>
        </message>
        <message>
            <source>Write to &lt;file&gt; instead of stdout.</source>
            <translation>写入 &lt;file&gt;，而不是标准输出。</translation>
        </message>
        <message>
            <source>file</source>
            <translation>文件</translation>
        </message>
        <message>
            <source>format</source>
            <translation>格式</translation>
        </message>
        <message>
            <source>Export every session, memory and provider.</source>
            <translation>导出所有会话、记忆和服务商。</translation>
        </message>
        <message>
            <source>openai, anthropic or ollama.</source>
            <translation>openai、anthropic 或 ollama。</translation>
        </message>
        <message>
            <source>kind</source>
            <translation>类型</translation>
        </message>
        <message>
            <source>The provider's base URL.</source>
            <translation>服务提供方的基础 URL。</translation>
        </message>
        <message>
            <source>url</source>
            <translation>URL</translation>
        </message>
        <message>
            <source>The default model.</source>
            <translation>默认模型。</translation>
        </message>
        <message>
            <source>model</source>
            <translation>模型</translation>
        </message>
        <message>
            <source>variable</source>
            <translation>变量</translation>
        </message>
        <message>
            <source>The session to continue.</source>
            <translation>要继续的会话。</translation>
        </message>
        <message>
            <source>Start a new session.</source>
            <translation>开始新会话。</translation>
        </message>
        <message>
            <source>A configured provider.</source>
            <translation>已配置的服务提供方。</translation>
        </message>
        <message>
            <source>A provider's base URL, without a stored key.</source>
            <translation>服务商的基础 URL，不使用已保存的密钥。</translation>
        </message>
        <message>
            <source>The model.</source>
            <translation>模型。</translation>
        </message>
        <message>
            <source>At most this many model calls.</source>
            <translation>最多调用模型的次数。</translation>
        </message>
        <message>
            <source>n</source>
            <translation>数量</translation>
        </message>
        <message>
            <source>Commands:</source>
            <translation>命令：</translation>
        </message>
        <message>
            <source>ID may be a unique prefix of a session id. TEXT - reads standard input.</source>
            <translation>ID 可以是会话 ID 的唯一前缀。TEXT 为 - 时从标准输入读取。</translation>
        </message>
        <message>
            <source>cannot open the database in %1: %2</source>
            <translation>无法打开 %1 中的数据库：%2</translation>
        </message>
        <message>
            <source>a session id is required</source>
            <translation>需要提供会话 ID</translation>
        </message>
        <message>
            <source>no session %1</source>
            <translation>没有会话 %1</translation>
        </message>
        <message>
            <source>%1 matches %2 sessions; give more of the id</source>
            <translation>%1 匹配到 %2 个会话；请提供更长的 ID</translation>
        </message>
        <message>
            <source>(untitled)</source>
            <translation>（无标题）</translation>
        </message>
        <message>
            <source>usage: show ID [--json] [--all-branches]</source>
            <translation>用法：show ID [--json] [--all-branches]</translation>
        </message>
        <message>
            <source>usage: append ID --role ROLE [--parent MSG] [--tool-call-id X] TEXT|-</source>
            <translation>用法：append ID --role ROLE [--parent MSG] [--tool-call-id X] TEXT|-</translation>
        </message>
        <message>
            <source>--role must be user, assistant, system or tool</source>
            <translation>--role 必须是 user、assistant、system 或 tool</translation>
        </message>
        <message>
            <source>no message %1</source>
            <translation>没有消息 %1</translation>
        </message>
        <message>
            <source>message %1 belongs to another session</source>
            <translation>消息 %1 属于另一个会话</translation>
        </message>
        <message>
            <source>a tool message needs --tool-call-id</source>
            <translation>工具消息需要 --tool-call-id</translation>
        </message>
        <message>
            <source>usage: rename ID TITLE</source>
            <translation>用法：rename ID TITLE</translation>
        </message>
        <message>
            <source>usage: delete ID</source>
            <translation>用法：delete ID</translation>
        </message>
        <message>
            <source>usage: search QUERY [--json]</source>
            <translation>用法：search QUERY [--json]</translation>
        </message>
        <message>
            <source>cannot write %1</source>
            <translation>无法写入 %1</translation>
        </message>
        <message>
            <source>cannot write %1: %2</source>
            <translation>无法写入 %1：%2</translation>
        </message>
        <message>
            <source>usage: export --all -o FILE</source>
            <translation>用法：export --all -o FILE</translation>
        </message>
        <message>
            <source>%1: nothing imported: %2</source>
            <translation>%1：未导入任何内容：%2</translation>
        </message>
        <message>
            <source>no provider named %1; see 'providers list'</source>
            <translation>没有名为 %1 的服务提供方；请查看 'providers list'</translation>
        </message>
        <message>
            <source>usage: providers add NAME --kind openai|anthropic|ollama --base-url URL</source>
            <translation>用法：providers add NAME --kind openai|anthropic|ollama --base-url URL</translation>
        </message>
        <message>
            <source>unknown provider kind '%1'; use openai, anthropic or ollama</source>
            <translation>未知的服务提供方类型“%1”；请使用 openai、anthropic 或 ollama</translation>
        </message>
        <message>
            <source>--base-url needs a full URL such as https://api.openai.com/v1</source>
            <translation>--base-url 需要完整的 URL，例如 https://api.openai.com/v1</translation>
        </message>
        <message>
            <source>a provider named %1 exists already</source>
            <translation>名为 %1 的服务提供方已存在</translation>
        </message>
        <message>
            <source>the environment variable %1 is not set or empty</source>
            <translation>环境变量 %1 未设置或为空</translation>
        </message>
        <message>
            <source>usage: providers remove NAME</source>
            <translation>用法：providers remove NAME</translation>
        </message>
        <message>
            <source>the provider was removed, but its key could not be removed from the keychain: %1</source>
            <translation>服务提供方已删除，但无法从钥匙串中删除其密钥：%1</translation>
        </message>
        <message>
            <source>usage: providers models NAME</source>
            <translation>用法：providers models NAME</translation>
        </message>
        <message>
            <source>usage: send (--session ID | --new) (--provider NAME | --base-url URL --kind K) TEXT</source>
            <translation>用法：send (--session ID | --new) (--provider NAME | --base-url URL --kind K) TEXT</translation>
        </message>
        <message>
            <source>send needs either --session ID or --new</source>
            <translation>send 需要 --session ID 或 --new</translation>
        </message>
        <message>
            <source>send needs either --provider NAME or --base-url URL with --kind</source>
            <translation>send 需要 --provider NAME，或 --base-url URL 加 --kind</translation>
        </message>
        <message>
            <source>--max-iterations needs a positive number</source>
            <translation>--max-iterations 需要一个正整数</translation>
        </message>
        <message>
            <source>--base-url needs --kind openai, anthropic or ollama</source>
            <translation>--base-url 需要配合 --kind openai、anthropic 或 ollama</translation>
        </message>
        <message>
            <source>no model given; use --model or set the provider's default model</source>
            <translation>未指定模型；请使用 --model 或设置服务提供方的默认模型</translation>
        </message>
        <message>
            <source>stopped; the partial reply is kept</source>
            <translation>已停止；已保留部分回复</translation>
        </message>
        <message>
            <source>set-model: the model's context window in tokens.</source>
            <translation>set-model：模型的上下文窗口（token 数）。</translation>
        </message>
        <message>
            <source>tokens</source>
            <translation>token 数</translation>
        </message>
        <message>
            <source>set-model: the most tokens the model writes in a reply.</source>
            <translation>set-model：模型单次回复最多生成的 token 数。</translation>
        </message>
        <message>
            <source>set-model: USD per million input tokens.</source>
            <translation>set-model：每百万输入 token 的价格（美元）。</translation>
        </message>
        <message>
            <source>usd</source>
            <translation>美元</translation>
        </message>
        <message>
            <source>set-model: USD per million output tokens.</source>
            <translation>set-model：每百万输出 token 的价格（美元）。</translation>
        </message>
        <message>
            <source>set-model: USD per million cached input tokens.</source>
            <translation>set-model：每百万缓存输入 token 的价格（美元）。</translation>
        </message>
        <message>
            <source>--%1 needs a number of at least 0</source>
            <translation>--%1 需要一个不小于 0 的数字</translation>
        </message>
        <message>
            <source>Assemble for this model instead of the session's.</source>
            <translation>按此模型而非会话的模型组装。</translation>
        </message>
        <message>
            <source>Context of %1 (%2) for %3</source>
            <translation>%1（%2）面向 %3 的上下文</translation>
        </message>
        <message>
            <source>(no model)</source>
            <translation>（无模型）</translation>
        </message>
        <message>
            <source>Window: %1 tokens (%2); output reserve %3; input budget %4</source>
            <translation>窗口：%1 个 token（%2）；输出预留 %3；输入预算 %4</translation>
        </message>
        <message>
            <source>Shares: system %1, tools %2, history %3, current %4 (unused shares go to history)</source>
            <translation>份额：系统 %1，工具 %2，历史 %3，当前 %4（未用份额归历史）</translation>
        </message>
        <message>
            <source>Sections (estimated tokens):</source>
            <translation>各部分（估算 token 数）：</translation>
        </message>
        <message>
            <source>system</source>
            <translation>系统</translation>
        </message>
        <message>
            <source>memories</source>
            <translation>记忆</translation>
        </message>
        <message>
            <source>summaries</source>
            <translation>摘要</translation>
        </message>
        <message>
            <source>tools</source>
            <translation>工具</translation>
        </message>
        <message>
            <source>history</source>
            <translation>历史</translation>
        </message>
        <message>
            <source>current</source>
            <translation>当前</translation>
        </message>
        <message>
            <source>runtime block</source>
            <translation>运行时信息块</translation>
        </message>
        <message>
            <source>output reserve</source>
            <translation>输出预留</translation>
        </message>
        <message>
            <source>Estimate: %1 tokens (calibration x%2)</source>
            <translation>估算：%1 个 token（校准系数 ×%2）</translation>
        </message>
        <message>
            <source>Cost estimate: %1 input, at most %2 output</source>
            <translation>费用估算：输入 %1，输出最多 %2</translation>
        </message>
        <message>
            <source>Included messages (%1): %2</source>
            <translation>包含的消息（%1）：%2</translation>
        </message>
        <message>
            <source>Excluded messages (%1): %2</source>
            <translation>排除的消息（%1）：%2</translation>
        </message>
        <message>
            <source>Older messages not read: %1 (summarised or beyond the window)</source>
            <translation>未读取的更早消息：%1（已摘要或超出窗口）</translation>
        </message>
        <message>
            <source>Summaries used: %1</source>
            <translation>使用的摘要：%1</translation>
        </message>
        <message>
            <source>Memories used: %1</source>
            <translation>使用的记忆：%1</translation>
        </message>
        <message>
            <source>Governance: %1 orphan results dropped, %2 missing results added, %3 tool outputs digested, %4 left out, %5 old turns dropped</source>
            <translation>治理：丢弃孤立结果 %1 个，补上缺失结果 %2 个，压缩工具输出 %3 个，省略 %4 个，丢弃旧回合 %5 个</translation>
        </message>
        <message>
            <source>Warning: the current message alone is larger than the input budget.</source>
            <translation>警告：仅当前消息就已超过输入预算。</translation>
        </message>
        <message>
            <source>list: only pending, active, disabled or rejected memories.</source>
            <translation>list：仅显示待审核、已启用、已停用或已拒绝的记忆。</translation>
        </message>
        <message>
            <source>status</source>
            <translation>状态</translation>
        </message>
        <message>
            <source>list: only global, session or branch memories; add, promote: the scope.</source>
            <translation>list：仅显示全局、会话或分支记忆；add、promote：作用范围。</translation>
        </message>
        <message>
            <source>scope</source>
            <translation>范围</translation>
        </message>
        <message>
            <source>type</source>
            <translation>类型</translation>
        </message>
        <message>
            <source>list: memories of this session (and global ones); add: the session of a session memory.</source>
            <translation>list：此会话的记忆（以及全局记忆）；add：会话记忆所属的会话。</translation>
        </message>
        <message>
            <source>A configured provider (default: the session's).</source>
            <translation>已配置的服务商（默认：会话所用的服务商）。</translation>
        </message>
        <message>
            <source>The model that writes the summaries (default: the session's).</source>
            <translation>用于撰写摘要的模型（默认：会话所用的模型）。</translation>
        </message>
        <message>
            <source>The history share of the budget in tokens (default: from the model's window).</source>
            <translation>预算中历史部分的 token 数（默认：根据模型的上下文窗口计算）。</translation>
        </message>
        <message>
            <source>Summarise only when the 70% / 12-turn thresholds say so.</source>
            <translation>仅在达到 70% / 12 轮阈值时才生成摘要。</translation>
        </message>
        <message>
            <source>usage: memories %1</source>
            <translation>用法：memories %1</translation>
        </message>
        <message>
            <source>--status takes pending, active, disabled or rejected</source>
            <translation>--status 的取值为 pending、active、disabled 或 rejected</translation>
        </message>
        <message>
            <source>--scope takes global, session or branch</source>
            <translation>--scope 的取值为 global、session 或 branch</translation>
        </message>
        <message>
            <source>usage: memories add [--type T] [--scope global|session --session ID] TEXT|-</source>
            <translation>用法：memories add [--type T] [--scope global|session --session ID] TEXT|-</translation>
        </message>
        <message>
            <source>a branch memory comes from a message; add it as session or global</source>
            <translation>分支记忆来自某条消息；请以会话或全局范围添加</translation>
        </message>
        <message>
            <source>promote needs --scope session or global</source>
            <translation>promote 需要 --scope session 或 global</translation>
        </message>
        <message>
            <source>VERSION is a number from 'memories history'</source>
            <translation>VERSION 是 “memories history” 中列出的编号</translation>
        </message>
        <message>
            <source>replaced by %1</source>
            <translation>由 %1 替换</translation>
        </message>
        <message>
            <source>now</source>
            <translation>当前</translation>
        </message>
        <message>
            <source>usage: summaries ID [--json]</source>
            <translation>用法：summaries ID [--json]</translation>
        </message>
        <message numerus="yes">
            <source>%n tokens</source>
            <translation>
                <numerusform>%n 个 token</numerusform>
            </translation>
        </message>
        <message>
            <source>superseded by %1</source>
            <translation>已被 %1 取代</translation>
        </message>
        <message>
            <source>usage: compact ID [--provider NAME | --base-url URL --kind K] [--model M]</source>
            <translation>用法：compact ID [--provider NAME | --base-url URL --kind K] [--model M]</translation>
        </message>
        <message>
            <source>the session has no provider; use --provider NAME or --base-url URL --kind K</source>
            <translation>该会话没有服务商；请使用 --provider NAME 或 --base-url URL --kind K</translation>
        </message>
        <message>
            <source>no model given; use --model</source>
            <translation>未指定模型；请使用 --model</translation>
        </message>
        <message>
            <source>--history-tokens needs a positive number</source>
            <translation>--history-tokens 需要一个正数</translation>
        </message>
        <message>
            <source>%1 unsummarised turns (%2 tokens; history share %3 tokens)</source>
            <translation>%1 轮尚未摘要（%2 个 token；历史配额 %3 个 token）</translation>
        </message>
        <message>
            <source>nothing to summarise</source>
            <translation>没有需要摘要的内容</translation>
        </message>
        <message numerus="yes">
            <source>summarised %1…%2 into %3 (%n tokens):</source>
            <translation>
                <numerusform>已将 %1…%2 摘要为 %3（%n 个 token）：</numerusform>
            </translation>
        </message>
        <message>
            <source>session summary %1 updated</source>
            <translation>会话摘要 %1 已更新</translation>
        </message>
        <message>
            <source>Run this tool without asking (repeatable).</source>
            <translation>无需询问即可运行此工具（可重复）。</translation>
        </message>
        <message>
            <source>Deny every tool call that needs approval, without asking.</source>
            <translation>不经询问，拒绝所有需要批准的工具调用。</translation>
        </message>
        <message>
            <source>Offer no tools to the model.</source>
            <translation>不向模型提供任何工具。</translation>
        </message>
        <message>
            <source>Seconds a tool call may take (default 30).</source>
            <translation>单次工具调用允许的秒数（默认 30）。</translation>
        </message>
        <message>
            <source>s</source>
            <translation>秒</translation>
        </message>
        <message>
            <source>Only the built-in tools; do not start MCP servers.</source>
            <translation>仅内置工具；不启动 MCP 服务器。</translation>
        </message>
        <message>
            <source>add: the server's command (stdio).</source>
            <translation>add：服务器的命令（stdio）。</translation>
        </message>
        <message>
            <source>cmd</source>
            <translation>命令</translation>
        </message>
        <message>
            <source>add: an argument of the command (repeatable).</source>
            <translation>add：命令的一个参数（可重复）。</translation>
        </message>
        <message>
            <source>arg</source>
            <translation>参数</translation>
        </message>
        <message>
            <source>K=V</source>
            <translation>键=值</translation>
        </message>
        <message>
            <source>add: the server's streamable HTTP endpoint.</source>
            <translation>add：服务器的可流式 HTTP 端点。</translation>
        </message>
        <message>
            <source>log: how many of the last lines (default 200).</source>
            <translation>log：显示最后多少行（默认 200）。</translation>
        </message>
        <message>
            <source>--tool-timeout needs a positive number of seconds</source>
            <translation>--tool-timeout 需要一个正数秒数</translation>
        </message>
        <message>
            <source>MCP server %1 failed: %2</source>
            <translation>MCP 服务器 %1 出错：%2</translation>
        </message>
        <message>
            <source>Your message was not sent.</source>
            <translation>您的消息未发送。</translation>
        </message>
        <message>
            <source>usage: tools list [--json] [--no-servers]</source>
            <translation>用法：tools list [--json] [--no-servers]</translation>
        </message>
        <message>
            <source>Nothing to repair.</source>
            <translation>没有需要修复的内容。</translation>
        </message>
        <message numerus="yes">
            <source>%n repair(s).</source>
            <translation>
                <numerusform>%n 项修复。</numerusform>
            </translation>
        </message>
        <message>
            <source>the keychain is not available, so the environment/headers of %1 cannot be stored: %2</source>
            <translation>钥匙串不可用，因此无法保存 %1 的环境变量/请求头：%2</translation>
        </message>
        <message>
            <source>a server name is 1-32 letters, digits, '-' or '_', without "__"</source>
            <translation>服务器名称须为 1 到 32 个字母、数字、“-”或“_”，且不能包含“__”</translation>
        </message>
        <message>
            <source>there is already a server named %1; remove it first</source>
            <translation>已存在名为 %1 的服务器；请先将其移除</translation>
        </message>
        <message>
            <source>mcp add needs either --command CMD or --url URL</source>
            <translation>mcp add 需要 --command CMD 或 --url URL 之一</translation>
        </message>
        <message>
            <source>--url needs an http or https URL</source>
            <translation>--url 需要 http 或 https 地址</translation>
        </message>
        <message>
            <source>added %1</source>
            <translation>已添加 %1</translation>
        </message>
        <message>
            <source>no MCP server named %1</source>
            <translation>没有名为 %1 的 MCP 服务器</translation>
        </message>
        <message>
            <source>removed %1</source>
            <translation>已移除 %1</translation>
        </message>
        <message>
            <source>nothing to import from %1</source>
            <translation>%1 中没有可导入的内容</translation>
        </message>
        <message numerus="yes">
            <source>imported %n server(s)</source>
            <translation>
                <numerusform>已导入 %n 个服务器</numerusform>
            </translation>
        </message>
        <message>
            <source>no log for %1 yet (%2)</source>
            <translation>%1 尚无日志（%2）</translation>
        </message>
        <message>
            <source>add, set-key: read the API key from this environment variable and keep it in the keychain; models: use it for this run only.</source>
            <translation>add、set-key：从此环境变量读取 API 密钥并保存到钥匙串；models：仅在本次运行中使用。</translation>
        </message>
        <message>
            <source>set-key: the provider needs no key (forget a stored one).</source>
            <translation>set-key：该服务商不需要密钥（并忘记已保存的密钥）。</translation>
        </message>
        <message>
            <source>Use the API key in this environment variable for this run (the keychain is not asked).</source>
            <translation>本次运行使用此环境变量中的 API 密钥（不访问钥匙串）。</translation>
        </message>
        <message>
            <source>no key</source>
            <translation>无密钥</translation>
        </message>
        <message>
            <source>key in keychain</source>
            <translation>密钥在钥匙串中</translation>
        </message>
        <message>
            <source>key not checked yet</source>
            <translation>尚未检查密钥</translation>
        </message>
        <message>
            <source>the keychain is not available, so the key was not stored: %1. Without a keychain, give the key to each command with --api-key-env VARIABLE instead.</source>
            <translation>钥匙串不可用，因此未保存密钥：%1。没有钥匙串时，请在每条命令中用 --api-key-env 变量名 提供密钥。</translation>
        </message>
        <message>
            <source>note: could not record whether %1 has a key: %2</source>
            <translation>提示：无法记录 %1 是否有密钥：%2</translation>
        </message>
        <message>
            <source>note: the keychain cannot be used here (%1), so %2 is used without an API key; if it needs one, pass it with --api-key-env VARIABLE</source>
            <translation>提示：此处无法使用钥匙串（%1），因此 %2 将不带 API 密钥使用；如需密钥，请用 --api-key-env 变量名 传入</translation>
        </message>
        <message>
            <source>usage: providers set-key NAME (--api-key-env VAR | --none)</source>
            <translation>用法：providers set-key 名称 (--api-key-env 变量 | --none)</translation>
        </message>
        <message>
            <source>the key could not be removed from the keychain: %1</source>
            <translation>无法从钥匙串中删除密钥：%1</translation>
        </message>
        <message>
            <source>Use the API key in this environment variable for this run.</source>
            <translation>本次运行使用此环境变量中的 API 密钥。</translation>
        </message>
        <message>
            <source>imported — review, then 'providers enable %1'</source>
            <translation>已导入——请先审核，然后运行 'providers enable %1'</translation>
        </message>
        <message>
            <source>enabled</source>
            <translation>已启用</translation>
        </message>
        <message>
            <source>disabled</source>
            <translation>已停用</translation>
        </message>
        <message>
            <source>the provider %1 (%2) came from an imported file and is disabled until you review it; nothing was sent. If you trust this server, run 'providers enable %1'.</source>
            <translation>服务商 %1（%2）来自导入的文件，在你审核之前保持停用；未发送任何内容。如果你信任这个服务器，请运行 'providers enable %1'。</translation>
        </message>
        <message>
            <source>the provider %1 is disabled; nothing was sent. Enable it with 'providers enable %1'.</source>
            <translation>服务商 %1 已停用；未发送任何内容。可用 'providers enable %1' 启用它。</translation>
        </message>
        <message>
            <source>usage: providers enable|disable NAME</source>
            <translation>用法：providers enable|disable 名称</translation>
        </message>
        <message>
            <source>%1 is enabled: messages and background work may go to %2.</source>
            <translation>%1 已启用：消息和后台任务可能会发送到 %2。</translation>
        </message>
        <message>
            <source>%1 is disabled: nothing is sent to it.</source>
            <translation>%1 已停用：不会向它发送任何内容。</translation>
        </message>
        <message>
            <source>usage: providers list|add|remove|enable|disable|set-key|models|set-model</source>
            <translation>用法：providers list|add|remove|enable|disable|set-key|models|set-model</translation>
        </message>
        <message>
            <source>add: pass this environment variable of skein-cli to the server (repeatable; the value is read from the environment, never from the command line).</source>
            <translation>add：把 skein-cli 的这个环境变量传给服务器（可重复；值从环境中读取，绝不从命令行读取）。</translation>
        </message>
        <message>
            <source>NAME</source>
            <translation>名称</translation>
        </message>
        <message>
            <source>add: an HTTP header whose value is read from the environment variable VAR (repeatable).</source>
            <translation>add：一个 HTTP 头，其值从环境变量 VAR 中读取（可重复）。</translation>
        </message>
        <message>
            <source>HEADER=VAR</source>
            <translation>头=变量</translation>
        </message>
        <message>
            <source>add: refused, because a value on the command line is visible to every user (ps); use --header-env or --secrets-stdin.</source>
            <translation>add：已拒绝，因为命令行上的值对每个用户都可见（ps）；请使用 --header-env 或 --secrets-stdin。</translation>
        </message>
        <message>
            <source>add: read NAME=VALUE lines from standard input: environment variables of a command, headers of a URL.</source>
            <translation>add：从标准输入读取 名称=值 行：命令的环境变量，或 URL 的 HTTP 头。</translation>
        </message>
        <message>
            <source>add: trust the server's claims, so its tools marked read-only run without asking.</source>
            <translation>add：信任服务器的声明，使其标记为只读的工具无需询问即可运行。</translation>
        </message>
        <message>
            <source>import: import without asking (after reading the list).</source>
            <translation>import：不再询问直接导入（请先阅读列表）。</translation>
        </message>
        <message>
            <source>--env takes a variable name only: a value on the command line can be read by every user of this computer (ps). Set the variable in the environment and pass --env NAME, or use --secrets-stdin.</source>
            <translation>--env 只接受变量名：命令行上的值可被这台计算机的每个用户读取（ps）。请在环境中设置该变量并传入 --env 名称，或使用 --secrets-stdin。</translation>
        </message>
        <message>
            <source>--header K=V would put the value on the command line, where every user of this computer can read it (ps); use --header-env HEADER=VAR or --secrets-stdin.</source>
            <translation>--header K=V 会把值放在命令行上，这台计算机的每个用户都能读取（ps）；请使用 --header-env 头=变量 或 --secrets-stdin。</translation>
        </message>
        <message>
            <source>--secrets-stdin reads NAME=VALUE lines; a line without '=' was given</source>
            <translation>--secrets-stdin 读取 名称=值 行；收到了一行不含“=”的内容</translation>
        </message>
        <message>
            <source>--env %1: skein-cli has no environment variable %1</source>
            <translation>--env %1：skein-cli 没有环境变量 %1</translation>
        </message>
        <message>
            <source>--header-env needs HEADER=VAR</source>
            <translation>--header-env 需要 头=变量</translation>
        </message>
        <message>
            <source>--header-env %1: skein-cli has no environment variable %2</source>
            <translation>--header-env %1：skein-cli 没有环境变量 %2</translation>
        </message>
        <message>
            <source>changed %1: %2 (was: %3)</source>
            <translation>已更改 %1：%2（原为：%3）</translation>
        </message>
        <message>
            <source>new %1: %2</source>
            <translation>新增 %1：%2</translation>
        </message>
        <message>
            <source>nothing new in %1</source>
            <translation>%1 中没有新内容</translation>
        </message>
        <message>
            <source>nothing imported: Skein would start these programs. Read the list above and run again with --yes to import them.</source>
            <translation>未导入任何内容：Skein 将会启动这些程序。请阅读上面的列表，然后加上 --yes 再次运行以导入它们。</translation>
        </message>
        <message>
            <source>Import these servers? Skein starts them when a conversation uses tools. [y/N] </source>
            <translation>导入这些服务器吗？对话使用工具时 Skein 会启动它们。[y/N] </translation>
        </message>
        <message>
            <source>nothing imported</source>
            <translation>未导入任何内容</translation>
        </message>
        <message>
            <source>%1 is trusted: its tools marked read-only run without asking</source>
            <translation>%1 已受信任：其标记为只读的工具无需询问即可运行</translation>
        </message>
        <message>
            <source>%1 is not trusted: every tool of it asks first</source>
            <translation>%1 未受信任：它的每个工具都会先询问</translation>
        </message>
        <message>
            <source>usage: mcp list [--json] | add NAME (--command CMD [--arg A]... [--env NAME]... | --url URL [--header-env HEADER=VAR]...) [--secrets-stdin] [--trusted] | remove NAME | import FILE [--yes] | trust NAME | untrust NAME | log NAME [--lines N]</source>
            <translation>用法：mcp list [--json] | add 名称 (--command 命令 [--arg 参数]... [--env 名称]... | --url URL [--header-env 头=变量]...) [--secrets-stdin] [--trusted] | remove 名称 | import 文件 [--yes] | trust 名称 | untrust 名称 | log 名称 [--lines N]</translation>
        </message>
        <message>
            <source>Skip the work that follows a turn (summarising old turns, learning memories).</source>
            <translation>跳过每轮对话之后的工作（总结较早的轮次、学习记忆）。</translation>
        </message>
        <message>
            <source>Do the work that follows a turn before exiting (by default it runs on in a process of its own).</source>
            <translation>在退出前完成每轮对话之后的工作（默认在单独的进程中继续运行）。</translation>
        </message>
        <message>
            <source>no data directory %1</source>
            <translation>没有数据目录 %1</translation>
        </message>
        <message>
            <source>send takes --no-background or --wait-background, not both</source>
            <translation>send 只能使用 --no-background 或 --wait-background 其中之一</translation>
        </message>
        <message>
            <source>Could not start the background work (summaries, memories): %1. Run `skein-cli background %2` to do it now.</source>
            <translation>无法启动后台工作（摘要、记忆）：%1。运行 `skein-cli background %2` 立即完成。</translation>
        </message>
        <message>
            <source>The reply whose turn the work follows (default: the newest).</source>
            <translation>这项工作所跟随的那轮对话的回复（默认：最新的）。</translation>
        </message>
        <message>
            <source>The provider --api-key-env belongs to.</source>
            <translation>--api-key-env 所属的服务商。</translation>
        </message>
        <message>
            <source>Use the API key in this environment variable for that provider (the keychain is not asked).</source>
            <translation>为该服务商使用此环境变量中的 API 密钥（不访问钥匙串）。</translation>
        </message>
        <message>
            <source>auto (default), skein, chatgpt, claude, openwebui or librechat.</source>
            <translation>auto（默认）、skein、chatgpt、claude、openwebui 或 librechat。</translation>
        </message>
        <message>
            <source>Read and count everything; write nothing.</source>
            <translation>读取并统计全部内容，不写入任何数据。</translation>
        </message>
        <message>
            <source>usage: import FILE|DIR [--from FORMAT] [--dry-run] [--json]</source>
            <translation>用法：import 文件|目录 [--from 格式] [--dry-run] [--json]</translation>
        </message>
        <message>
            <source>--from: %1 is not one of auto, skein, chatgpt, claude, openwebui, librechat</source>
            <translation>--from：%1 不是 auto、skein、chatgpt、claude、openwebui、librechat 之一</translation>
        </message>
        <message>
            <source>%1 conversations, %2 of %3 MB read</source>
            <translation>%1 个对话，已读取 %2 / %3 MB</translation>
        </message>
        <message>
            <source>Format: %1.</source>
            <translation>格式：%1。</translation>
        </message>
        <message>
            <source>Dry run: nothing was written. This is what an import would do:</source>
            <translation>试运行：未写入任何数据。导入将会执行以下操作：</translation>
        </message>
        <message>
            <source>json, markdown, html or pdf (default: from the file's extension, else json).</source>
            <translation>json、markdown、html 或 pdf（默认：按文件扩展名，否则为 json）。</translation>
        </message>
        <message>
            <source>HTML: every branch, the active one open (JSON always has every branch).</source>
            <translation>HTML：包含所有分支，当前分支展开（JSON 总是包含所有分支）。</translation>
        </message>
        <message>
            <source>--format must be json, markdown, html or pdf</source>
            <translation>--format 必须是 json、markdown、html 或 pdf</translation>
        </message>
        <message>
            <source>--all-branches: %1 holds the active branch only; use html or json</source>
            <translation>--all-branches：%1 只包含当前分支；请使用 html 或 json</translation>
        </message>
        <message>
            <source>usage: export ID [-o FILE] [--format json|markdown|html|pdf] [--all-branches]</source>
            <translation>用法：export ID [-o 文件] [--format json|markdown|html|pdf] [--all-branches]</translation>
        </message>
        <message>
            <source>a PDF is written to a file: -o FILE</source>
            <translation>PDF 只能写入文件：-o 文件</translation>
        </message>
        <message>
            <source>indexing for search failed: %1</source>
            <translation>建立搜索索引失败：%1</translation>
        </message>
        <message>
            <source>Indexing for search: %1 messages left</source>
            <translation>正在建立搜索索引：还剩 %1 条消息</translation>
        </message>
        <message>
            <source>Only the sessions with this tag.</source>
            <translation>只列出带有此标签的会话。</translation>
        </message>
        <message>
            <source>tag</source>
            <translation>标签</translation>
        </message>
        <message>
            <source>--tag needs a tag</source>
            <translation>--tag 需要一个标签</translation>
        </message>
        <message>
            <source>usage: tag ID TAG...</source>
            <translation>用法：tag ID 标签...</translation>
        </message>
        <message>
            <source>usage: untag ID TAG...</source>
            <translation>用法：untag ID 标签...</translation>
        </message>
        <message>
            <source>"%1" has no tag "%2".</source>
            <translation>“%1”没有标签“%2”。</translation>
        </message>
        <message>
            <source>a session has at most %1 tags</source>
            <translation>一个会话最多有 %1 个标签</translation>
        </message>
        <message numerus="yes">
            <source>%n session(s)</source>
            <translation>
                <numerusform>%n 个会话</numerusform>
            </translation>
        </message>
        <message>
            <source>Attach a file to the message: an image, a PDF or a text file (repeatable).</source>
            <translation>为消息附加文件：图像、PDF 或文本文件（可重复）。</translation>
        </message>
        <message>
            <source>the attachments come to more than %1 MB, the most one message carries</source>
            <translation>附件总计超过 %1 MB，即一条消息可携带的上限</translation>
        </message>
        <message>
            <source>set-model: whether the model reads images (yes, no, or unknown: images are sent).</source>
            <translation>set-model：模型是否能读取图片（yes、no，或 unknown：会发送图片）。</translation>
        </message>
        <message>
            <source>yes|no|unknown</source>
            <translation>yes|no|unknown</translation>
        </message>
        <message>
            <source>attachments</source>
            <translation>附件</translation>
        </message>
        <message>
            <source>yes</source>
            <translation>是</translation>
        </message>
        <message>
            <source>no</source>
            <translation>否</translation>
        </message>
        <message>
            <source>unknown</source>
            <translation>未知</translation>
        </message>
        <message>
            <source>model	context	max output	input $/M	output $/M	cached $/M	vision</source>
            <translation>模型	上下文	最大输出	输入 $/M	输出 $/M	缓存 $/M	视觉</translation>
        </message>
        <message>
            <source>usage: providers set-model NAME MODEL [--context-window N] [--max-output N] [--input-price USD] [--output-price USD] [--cached-price USD] [--vision yes|no|unknown]</source>
            <translation>用法：providers set-model 名称 模型 [--context-window N] [--max-output N] [--input-price USD] [--output-price USD] [--cached-price USD] [--vision yes|no|unknown]</translation>
        </message>
        <message>
            <source>--vision takes yes, no or unknown</source>
            <translation>--vision 只接受 yes、no 或 unknown</translation>
        </message>
        <message>
            <source>%1: image not sent: %2 has no vision; it reads the image's name and size only (providers set-model … --vision yes if it does)</source>
            <translation>%1：不会发送图片：%2 不支持视觉，它只会读到图片的名称和大小（若它支持，请用 providers set-model … --vision yes）</translation>
        </message>
        <message>
            <source>Attach a PDF and send its pages, besides its text, to a model that reads images (repeatable).</source>
            <translation>附加一个 PDF，除文本外还将其页面发送给能读图片的模型（可重复）。</translation>
        </message>
        <message>
            <source>--attach-pages takes a PDF; %1 is not one (use --attach)</source>
            <translation>--attach-pages 需要 PDF；%1 不是 PDF（请使用 --attach）</translation>
        </message>
        <message>
            <source>%1: pages not sent: %2 has no vision; it reads the PDF's text only</source>
            <translation>%1：页面未发送：%2 没有视觉能力；它只读取 PDF 的文本</translation>
        </message>
        <message>
            <source>Assemble as if this user message were sent next.</source>
            <translation>按下一条发送的用户消息为此文本来组装。</translation>
        </message>
        <message>
            <source>Assume a context window of this many tokens.</source>
            <translation>假定上下文窗口为这么多个 token。</translation>
        </message>
        <message>
            <source>usage: context ID [--json] [--model M] [--draft TEXT] [--window TOKENS]</source>
            <translation>用法：context ID [--json] [--model M] [--draft TEXT] [--window TOKENS]</translation>
        </message>
        <message>
            <source>--window needs a number of tokens, at least %1</source>
            <translation>--window 需要一个 token 数，至少为 %1</translation>
        </message>
        <message>
            <source>recall</source>
            <translation>召回</translation>
        </message>
        <message>
            <source>Recalled messages: %1</source>
            <translation>召回的消息：%1</translation>
        </message>
        <message>
            <source>score %1, %2 tokens</source>
            <translation>得分 %1，%2 个 token</translation>
        </message>
        <message>
            <source>With --new: an incognito session — nothing learned from it, no memories or recall, not searchable, and deleted after the reply unless --keep.</source>
            <translation>与 --new 一起使用：无痕会话——不从中学习，不使用记忆或回忆，不可搜索，回复后即删除，除非使用 --keep。</translation>
        </message>
        <message>
            <source>With --incognito: keep the session (still incognito).</source>
            <translation>与 --incognito 一起使用：保留会话（仍为无痕）。</translation>
        </message>
        <message>
            <source>list: only memories that still hold (not superseded or ended).</source>
            <translation>list：只列出仍然有效的记忆（未被取代或结束）。</translation>
        </message>
        <message>
            <source>list: only memories a later one superseded.</source>
            <translation>list：只列出已被后来的记忆取代的记忆。</translation>
        </message>
        <message>
            <source>list: only memories proposed for archiving (the cap on active memories).</source>
            <translation>list：只列出被建议归档的记忆（活跃记忆上限）。</translation>
        </message>
        <message>
            <source>supersede: why the fact changed.</source>
            <translation>supersede：事实为何变化。</translation>
        </message>
        <message>
            <source>--current and --superseded exclude each other</source>
            <translation>--current 与 --superseded 不能同时使用</translation>
        </message>
        <message>
            <source>(superseded by %1)</source>
            <translation>（已被 %1 取代）</translation>
        </message>
        <message>
            <source>Memory is on again.</source>
            <translation>记忆已恢复。</translation>
        </message>
        <message>
            <source>--incognito goes with --new, and --keep with --incognito</source>
            <translation>--incognito 需与 --new 一起使用，--keep 需与 --incognito 一起使用</translation>
        </message>
        <message>
            <source>pinned notes</source>
            <translation>置顶笔记</translation>
        </message>
        <message numerus="yes">
            <source>%n left out</source>
            <translation>
                <numerusform>%n 条被略去</numerusform>
            </translation>
        </message>
        <message>
            <source>preference, fact, profile, instruction, task or pinned.</source>
            <translation>preference、fact、profile、instruction、task 或 pinned。</translation>
        </message>
        <message>
            <source>pin: the message to pin (TEXT, if given, is the part of it to pin).</source>
            <translation>pin：要置顶的消息（若给出 TEXT，则只置顶其中这一部分）。</translation>
        </message>
        <message>
            <source>pin: pin the note to every conversation.</source>
            <translation>pin：将笔记置顶到所有对话。</translation>
        </message>
        <message>
            <source>--type takes preference, fact, profile, instruction, task or pinned</source>
            <translation>--type 的取值为 preference、fact、profile、instruction、task 或 pinned</translation>
        </message>
        <message>
            <source>usage: memories pin (--message ID [TEXT|-] [--global] | --session ID TEXT|- | --global TEXT|-)</source>
            <translation>用法：memories pin (--message ID [TEXT|-] [--global] | --session ID TEXT|- | --global TEXT|-)</translation>
        </message>
        <message>
            <source>message %1 is not in session %2</source>
            <translation>消息 %1 不在会话 %2 中</translation>
        </message>
        <message>
            <source>TEXT must be part of the message when --message is given</source>
            <translation>给出 --message 时，TEXT 必须是该消息的一部分</translation>
        </message>
        <message>
            <source>Memory is paused: nothing is learned from conversations and no learned memory reaches a prompt (pinned notes stay).</source>
            <translation>记忆已暂停：不会从对话中学习，已学到的记忆也不会进入提示词（置顶笔记仍会保留）。</translation>
        </message>
        <message>
            <source>usage: memories list|add|pin|edit|accept|reject|disable|archive|keep|promote|restore|delete|history|supersede|pause|resume</source>
            <translation>用法：memories list|add|pin|edit|accept|reject|disable|archive|keep|promote|restore|delete|history|supersede|pause|resume</translation>
        </message>
        <message>
            <source>note: the embedding provider %1 is not available; recall by words only</source>
            <translation>注意：嵌入服务商 %1 不可用；仅按字词召回</translation>
        </message>
        <message>
            <source>note: the draft could not be embedded (recall by words only): %1</source>
            <translation>注意：无法为草稿生成嵌入（仅按字词召回）：%1</translation>
        </message>
        <message>
            <source>usage: embeddings use PROVIDER MODEL | off | status [ID] [--json] | index ID [--json]</source>
            <translation>用法：embeddings use PROVIDER MODEL | off | status [ID] [--json] | index ID [--json]</translation>
        </message>
        <message>
            <source>Anthropic's API has no embeddings endpoint; choose an OpenAI-compatible or Ollama provider</source>
            <translation>Anthropic 的 API 没有嵌入端点；请选择 OpenAI 兼容或 Ollama 服务商</translation>
        </message>
        <message>
            <source>Semantic recall uses %1 of %2. Each conversation is indexed after its next turn, or now with `embeddings index ID`.</source>
            <translation>语义召回使用 %2 的 %1。每个对话会在下一轮之后建立索引，也可以现在用 `embeddings index ID` 建立。</translation>
        </message>
        <message>
            <source>Semantic recall is off; recall finds messages by their words.</source>
            <translation>语义召回已关闭；召回按字词查找消息。</translation>
        </message>
        <message>
            <source>Semantic recall is off (recall by words only). Turn it on with `embeddings use PROVIDER MODEL`.</source>
            <translation>语义召回已关闭（仅按字词召回）。用 `embeddings use PROVIDER MODEL` 开启。</translation>
        </message>
        <message numerus="yes">
            <source>Semantic recall uses %1 of %2; %n message(s) have a vector.</source>
            <translation>
                <numerusform>语义召回使用 %2 的 %1；%n 条消息已有向量。</numerusform>
            </translation>
        </message>
        <message>
            <source>no embedding model is set: `embeddings use PROVIDER MODEL` first</source>
            <translation>尚未设置嵌入模型：请先运行 `embeddings use PROVIDER MODEL`</translation>
        </message>
        <message numerus="yes">
            <source>%n message(s) indexed</source>
            <translation>
                <numerusform>已为 %n 条消息建立索引</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n message(s) of %1 indexed for semantic recall.</source>
            <translation>
                <numerusform>已为 %1 的 %n 条消息建立语义召回索引。</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Skein::CommonOptions</name>
        <message>
            <source>Keep all data in &lt;dir&gt; (default: $SKEIN_DATA_DIR, else %1).</source>
            <translation>将所有数据保存在 &lt;dir&gt;（默认：$SKEIN_DATA_DIR，否则为 %1）。</translation>
        </message>
        <message>
            <source>dir</source>
            <translation>目录</translation>
        </message>
        <message>
            <source>User interface language: en or zh_CN (default: the system's).</source>
            <translation>界面语言：en 或 zh_CN（默认跟随系统）。</translation>
        </message>
        <message>
            <source>language</source>
            <translation>语言</translation>
        </message>
    </context>
    <context>
        <name>Skein::Composer</name>
        <message>
            <source>Model</source>
            <translation>模型</translation>
        </message>
        <message>
            <source>No provider configured</source>
            <translation>尚未配置服务商</translation>
        </message>
        <message numerus="yes">
            <source>%n queued</source>
            <translation>
                <numerusform>%n 条排队中</numerusform>
            </translation>
        </message>
        <message>
            <source>Stop</source>
            <translation>停止</translation>
        </message>
        <message>
            <source>Queue</source>
            <translation>排队</translation>
        </message>
        <message>
            <source>Send</source>
            <translation>发送</translation>
        </message>
        <message>
            <source>Stop the reply (Esc)</source>
            <translation>停止回复 (Esc)</translation>
        </message>
        <message>
            <source>Send (Enter; Shift+Enter for a new line)</source>
            <translation>发送（Enter；Shift+Enter 换行）</translation>
        </message>
        <message>
            <source>Send (Shift+Enter or Ctrl+Enter; Enter for a new line)</source>
            <translation>发送（Shift+Enter 或 Ctrl+Enter；Enter 换行）</translation>
        </message>
        <message>
            <source>The model that answers the next message</source>
            <translation>回答下一条消息的模型</translation>
        </message>
        <message>
            <source>Attach files</source>
            <translation>附加文件</translation>
        </message>
        <message>
            <source>Attach files: images, PDFs, text and source files (Ctrl+Shift+A). You can also paste them or drop them here.</source>
            <translation>附加文件：图片、PDF、文本和源代码文件（Ctrl+Shift+A）。也可以粘贴或拖放到这里。</translation>
        </message>
        <message>
            <source>Attach Files…</source>
            <translation>附加文件…</translation>
        </message>
        <message>
            <source>Attach Files</source>
            <translation>附加文件</translation>
        </message>
        <message>
            <source>pasted image %1.png</source>
            <translation>粘贴的图片 %1.png</translation>
        </message>
        <message>
            <source>The pasted image could not be kept for attaching.</source>
            <translation>无法保存粘贴的图片以作附件。</translation>
        </message>
        <message>
            <source>“%1” is not attached: the files of one message may come to %2 at most.</source>
            <translation>未附加“%1”：一条消息的文件总计最多 %2。</translation>
        </message>
        <message>
            <source>Some files are still being read; send the message once they are attached.</source>
            <translation>仍有文件正在读取；请在它们附加完成后再发送消息。</translation>
        </message>
    </context>
    <context>
        <name>Skein::ComposerEdit</name>
        <message>
            <source>Message</source>
            <translation>消息</translation>
        </message>
        <message>
            <source>Write a message…</source>
            <translation>输入消息…</translation>
        </message>
    </context>
    <context>
        <name>Skein::Consolidator</name>
        <message>
            <source>summarising messages %1…%2 failed: %3</source>
            <translation>摘要消息 %1…%2 失败：%3</translation>
        </message>
        <message>
            <source>empty summary</source>
            <translation>摘要为空</translation>
        </message>
        <message>
            <source>updating the session summary failed: %1</source>
            <translation>更新会话摘要失败：%1</translation>
        </message>
    </context>
    <context>
        <name>Skein::ContextBudget</name>
        <message>
            <source>System prompt</source>
            <translation>系统提示词</translation>
        </message>
        <message>
            <source>Memories</source>
            <translation>记忆</translation>
        </message>
        <message>
            <source>Summaries</source>
            <translation>摘要</translation>
        </message>
        <message>
            <source>Tool definitions</source>
            <translation>工具定义</translation>
        </message>
        <message>
            <source>History</source>
            <translation>历史</translation>
        </message>
        <message>
            <source>Current message</source>
            <translation>当前消息</translation>
        </message>
        <message>
            <source>Output reserve</source>
            <translation>输出预留</translation>
        </message>
        <message>
            <source>Runtime block</source>
            <translation>运行时信息</translation>
        </message>
        <message>
            <source>Attachments</source>
            <translation>附件</translation>
        </message>
        <message>
            <source>Recall</source>
            <translation>召回</translation>
        </message>
        <message>
            <source>Pinned notes</source>
            <translation>置顶笔记</translation>
        </message>
    </context>
    <context>
        <name>Skein::ContextInspector</name>
        <message>
            <source>Context items</source>
            <translation>上下文条目</translation>
        </message>
        <message>
            <source>Untick what to leave out, tick what to add.</source>
            <translation>取消勾选要排除的内容，勾选要加入的内容。</translation>
        </message>
        <message>
            <source>Reset</source>
            <translation>重置</translation>
        </message>
        <message>
            <source>Re-run with This Context</source>
            <translation>用此上下文重新生成</translation>
        </message>
        <message>
            <source>Generate a new reply next to this one, with the context as ticked here</source>
            <translation>按此处勾选的上下文，在这条回复旁生成一条新回复</translation>
        </message>
        <message>
            <source>Select a reply in the chat to see exactly what the model was sent for it.</source>
            <translation>在对话中选择一条回复，查看模型为它实际收到的内容。</translation>
        </message>
        <message>
            <source>Could not load the context: %1</source>
            <translation>无法加载上下文：%1</translation>
        </message>
        <message>
            <source>No context was recorded for this reply (it was imported or made before Skein kept snapshots).</source>
            <translation>这条回复没有记录上下文（它是导入的，或生成于 Skein 开始保存快照之前）。</translation>
        </message>
        <message>
            <source>Request for the reply by &lt;b&gt;%1&lt;/b&gt; · %2</source>
            <translation>&lt;b&gt;%1&lt;/b&gt; 生成该回复时的请求 · %2</translation>
        </message>
        <message>
            <source>not reported</source>
            <translation>未报告</translation>
        </message>
        <message>
            <source>estimate %1</source>
            <translation>估算 %1</translation>
        </message>
        <message>
            <source>Estimated prompt</source>
            <translation>估算提示</translation>
        </message>
        <message>
            <source>Reported prompt</source>
            <translation>实际提示</translation>
        </message>
        <message>
            <source>Cached</source>
            <translation>缓存</translation>
        </message>
        <message>
            <source>Completion</source>
            <translation>生成</translation>
        </message>
        <message>
            <source>Input budget</source>
            <translation>输入预算</translation>
        </message>
        <message>
            <source>Context window</source>
            <translation>上下文窗口</translation>
        </message>
        <message>
            <source>Cost</source>
            <translation>费用</translation>
        </message>
        <message>
            <source>Sent: 1 message (%1 tokens)</source>
            <translation>已发送：1 条消息（%1 个令牌）</translation>
        </message>
        <message>
            <source>Sent: %1 messages (%2 tokens)</source>
            <translation>已发送：%1 条消息（%2 个令牌）</translation>
        </message>
        <message>
            <source>left out: 1 (%1 tokens)</source>
            <translation>已排除：1 条（%1 个令牌）</translation>
        </message>
        <message>
            <source>left out: %1 (%2 tokens)</source>
            <translation>已排除：%1 条（%2 个令牌）</translation>
        </message>
        <message>
            <source>1 memory</source>
            <translation>1 条记忆</translation>
        </message>
        <message>
            <source>%1 memories</source>
            <translation>%1 条记忆</translation>
        </message>
        <message>
            <source>Next Request</source>
            <translation>下一个请求</translation>
        </message>
        <message>
            <source>Show what the next message of this conversation would send, whatever is selected</source>
            <translation>无论选中了什么，都显示此对话的下一条消息将发送的内容</translation>
        </message>
        <message>
            <source>Next request to &lt;b&gt;%1&lt;/b&gt; (not sent yet; your next message is counted as empty)</source>
            <translation>发往 &lt;b&gt;%1&lt;/b&gt; 的下一个请求（尚未发送；你的下一条消息按空消息计算）</translation>
        </message>
        <message>
            <source>Next request to &lt;b&gt;%1&lt;/b&gt; with the message you are writing (not sent yet)</source>
            <translation>发往 &lt;b&gt;%1&lt;/b&gt; 的下一个请求，包含你正在编写的消息（尚未发送）</translation>
        </message>
        <message>
            <source>recalled: %1 (%2 tokens)</source>
            <translation>召回：%1（%2 个令牌）</translation>
        </message>
    </context>
    <context>
        <name>Skein::ContextItemModel</name>
        <message>
            <source>System</source>
            <translation>系统</translation>
        </message>
        <message>
            <source>User</source>
            <translation>用户</translation>
        </message>
        <message>
            <source>Assistant</source>
            <translation>助手</translation>
        </message>
        <message>
            <source>Tool</source>
            <translation>工具</translation>
        </message>
        <message>
            <source>Session summary</source>
            <translation>会话摘要</translation>
        </message>
        <message>
            <source>Segment summary</source>
            <translation>片段摘要</translation>
        </message>
        <message>
            <source>Sent with this request</source>
            <translation>已随本次请求发送</translation>
        </message>
        <message>
            <source>Sent; left out of the re-run</source>
            <translation>已发送；重新生成时将排除</translation>
        </message>
        <message>
            <source>Not sent; added to the re-run</source>
            <translation>未发送；重新生成时将加入</translation>
        </message>
        <message>
            <source>Not sent with this request</source>
            <translation>未随本次请求发送</translation>
        </message>
        <message>
            <source>Tokens</source>
            <translation>令牌数</translation>
        </message>
        <message>
            <source>Item</source>
            <translation>条目</translation>
        </message>
        <message>
            <source>%1: image dropped — %2 tokens</source>
            <translation>%1：已略去图片 — %2 个 token</translation>
        </message>
        <message>
            <source>%1: pages dropped — %2 tokens</source>
            <translation>%1：页面已省略 — %2 个令牌</translation>
        </message>
        <message>
            <source>score %1 · %2</source>
            <translation>得分 %1 · %2</translation>
        </message>
        <message>
            <source>from earlier in this conversation</source>
            <translation>来自本对话较早处</translation>
        </message>
        <message>
            <source>from another conversation</source>
            <translation>来自另一个对话</translation>
        </message>
        <message>
            <source>Recalled · %1</source>
            <translation>召回 · %1</translation>
        </message>
        <message>
            <source>added by you · %1</source>
            <translation>由你添加 · %1</translation>
        </message>
    </context>
    <context>
        <name>Skein::Conversation</name>
        <message>
            <source>Could not open the conversation: %1</source>
            <translation>无法打开对话：%1</translation>
        </message>
        <message>
            <source>This conversation's messages do not form a valid tree.</source>
            <translation>此对话的消息无法构成有效的树。</translation>
        </message>
        <message>
            <source>This message cannot be deleted now.</source>
            <translation>现在无法删除这条消息。</translation>
        </message>
        <message>
            <source>Could not delete the branch: %1</source>
            <translation>无法删除分支：%1</translation>
        </message>
        <message>
            <source>Could not switch branch: %1</source>
            <translation>无法切换分支：%1</translation>
        </message>
    </context>
    <context>
        <name>Skein::Conversations</name>
        <message>
            <source>Starting tool servers…</source>
            <translation>正在启动工具服务器…</translation>
        </message>
        <message>
            <source>Could not start the reply: %1</source>
            <translation>无法开始回复：%1</translation>
        </message>
        <message>
            <source>No provider is configured for this conversation. Add one in Settings.</source>
            <translation>此对话没有配置服务商。请在“设置”中添加一个。</translation>
        </message>
        <message>
            <source>The provider %1 is not enabled on this computer (an imported provider waits for your review in Settings → Providers); nothing was sent.</source>
            <translation>服务商 %1 未在这台电脑上启用（导入的服务商需要你在“设置 → 服务商”中审核）；未发送任何内容。</translation>
        </message>
        <message>
            <source>The API key of %1 is in the system keychain, but the keychain cannot be used (%2). The request is sent without it; see Settings → Providers.</source>
            <translation>%1 的 API 密钥保存在系统钥匙串中，但钥匙串当前无法使用（%2）。本次请求将不带密钥发送；请查看“设置 → 服务商”。</translation>
        </message>
        <message>
            <source>The reply was cut off by its output limit (%1 tokens) inside a call to %2; asking again with room for %3 tokens.</source>
            <translation>回复在调用 %2 的过程中因输出上限（%1 个令牌）被截断；正在以 %3 个令牌的空间重新请求。</translation>
        </message>
        <message>
            <source>The reply was cut off by its output limit (%1 tokens) inside a call to %2; the model's limit is reached, so it is asked to shorten the call.</source>
            <translation>回复在调用 %2 的过程中因输出上限（%1 个令牌）被截断；已达到模型的上限，因此请模型缩短这次调用。</translation>
        </message>
    </context>
    <context>
        <name>Skein::DataDir</name>
        <message>
            <source>%1 exists and is not a directory.</source>
            <translation>%1 已存在，但不是目录。</translation>
        </message>
        <message>
            <source>Cannot create the data directory %1.</source>
            <translation>无法创建数据目录 %1。</translation>
        </message>
    </context>
    <context>
        <name>Skein::DataPage</name>
        <message>
            <source>No file manager could open %1.</source>
            <translation>没有文件管理器能打开 %1。</translation>
        </message>
        <message>
            <source>Export All Data</source>
            <translation>导出全部数据</translation>
        </message>
        <message>
            <source>Skein archive (*.json)</source>
            <translation>Skein 归档 (*.json)</translation>
        </message>
        <message>
            <source>Import</source>
            <translation>导入</translation>
        </message>
        <message>
            <source>Skein export (*.json);;All files (*)</source>
            <translation>Skein 导出文件 (*.json);;所有文件 (*)</translation>
        </message>
        <message>
            <source>Backing up…</source>
            <translation>正在备份…</translation>
        </message>
        <message>
            <source>Backed up to %1.</source>
            <translation>已备份到 %1。</translation>
        </message>
        <message>
            <source>The backup failed: %1</source>
            <translation>备份失败：%1</translation>
        </message>
        <message>
            <source>Exporting…</source>
            <translation>正在导出…</translation>
        </message>
        <message>
            <source>Everything was exported to %1 (%2).</source>
            <translation>所有内容已导出到 %1（%2）。</translation>
        </message>
        <message>
            <source>The export failed: %1</source>
            <translation>导出失败：%1</translation>
        </message>
        <message>
            <source>Importing…</source>
            <translation>正在导入…</translation>
        </message>
        <message>
            <source>Import finished.</source>
            <translation>导入完成。</translation>
        </message>
        <message>
            <source>Nothing was imported: %1</source>
            <translation>未导入任何内容：%1</translation>
        </message>
    </context>
    <context>
        <name>Skein::DataService</name>
        <message>
            <source>cannot create the folder %1</source>
            <translation>无法创建文件夹 %1</translation>
        </message>
    </context>
    <context>
        <name>Skein::Database</name>
        <message>
            <source>This data was written by a newer version of Skein (schema %1; this version supports up to %2). It is opened read-only; update Skein to make changes.</source>
            <translation>这些数据由更新版本的 Skein 写入（数据结构版本 %1；此版本最高支持 %2）。已以只读方式打开；请更新 Skein 后再进行修改。</translation>
        </message>
        <message>
            <source>The disk is full, so Skein could not save its data. Free some space on the disk and try again.</source>
            <translation>磁盘已满，Skein 无法保存数据。请释放一些磁盘空间后重试。</translation>
        </message>
        <message>
            <source>Skein could not read or write its data because the disk reported an error. Check the disk and try again.</source>
            <translation>磁盘报告了错误，Skein 无法读写其数据。请检查磁盘后重试。</translation>
        </message>
        <message>
            <source>Skein cannot open its database or a file next to it. Check that the data folder exists and that Skein may write to it.</source>
            <translation>Skein 无法打开其数据库或其旁边的文件。请检查数据文件夹是否存在，以及 Skein 是否可以写入该文件夹。</translation>
        </message>
        <message>
            <source>Skein is not allowed to use its database file. Check the permissions of the data folder.</source>
            <translation>Skein 无权使用其数据库文件。请检查数据文件夹的权限。</translation>
        </message>
        <message>
            <source>Skein cannot save because its database is open read-only, or the file, its folder or the disk cannot be written.</source>
            <translation>Skein 无法保存：数据库以只读方式打开，或者该文件、其所在文件夹或磁盘不可写入。</translation>
        </message>
        <message>
            <source>The database is busy: another Skein window or another program is using it. Try again in a moment.</source>
            <translation>数据库正忙：另一个 Skein 窗口或其他程序正在使用它。请稍后重试。</translation>
        </message>
        <message>
            <source>The database file is damaged or is not a Skein database.</source>
            <translation>数据库文件已损坏，或者不是 Skein 数据库。</translation>
        </message>
        <message>
            <source>Skein did not have enough memory to work with its database.</source>
            <translation>Skein 没有足够的内存来处理其数据库。</translation>
        </message>
        <message>
            <source>Skein cannot update its database to this version: its data folder %1 cannot be written (the folder, the database file or the disk is read-only).</source>
            <translation>Skein 无法将数据库更新到此版本：其数据文件夹 %1 不可写入（文件夹、数据库文件或磁盘为只读）。</translation>
        </message>
        <message>
            <source>Skein cannot write to its data folder %1 (the folder, the database file or the disk is read-only). Your conversations are opened read-only: you can read and export them, but nothing new is saved.</source>
            <translation>Skein 无法写入其数据文件夹 %1（文件夹、数据库文件或磁盘为只读）。你的对话以只读方式打开：你可以阅读和导出它们，但不会保存任何新内容。</translation>
        </message>
        <message>
            <source>Skein did not update its database to this version: it cannot create the folder %1 for the backup it makes first. Check that the data folder can be written.</source>
            <translation>Skein 没有将数据库更新到此版本：无法为其事先进行的备份创建文件夹 %1。请检查数据文件夹是否可写入。</translation>
        </message>
        <message>
            <source>Skein did not update its database to this version because the backup it makes first could not be written. %1</source>
            <translation>Skein 没有将数据库更新到此版本，因为其事先进行的备份无法写入。%1</translation>
        </message>
        <message>
            <source>Skein could not bring its database up to date (step %1 of %2, %3, failed; the steps before it are kept and the rest is tried at the next start). %4</source>
            <translation>Skein 未能将数据库更新到最新（共 %2 步中的第 %1 步 %3 失败；之前的步骤已保留，其余步骤将在下次启动时重试）。%4</translation>
        </message>
    </context>
    <context>
        <name>Skein::DefaultsPage</name>
        <message>
            <source>The four shares add up to 100%.</source>
            <translation>四个份额合计 100%。</translation>
        </message>
        <message>
            <source>The four shares add up to %1%; they are scaled to 100%.</source>
            <translation>四个份额合计 %1%；它们会按比例缩放到 100%。</translation>
        </message>
    </context>
    <context>
        <name>Skein::EmbeddingCall</name>
        <message>
            <source>The embeddings answer is not a JSON object.</source>
            <translation>嵌入应答不是 JSON 对象。</translation>
        </message>
        <message>
            <source>An embedding in the answer is not a list of numbers.</source>
            <translation>应答中有一个嵌入不是数字列表。</translation>
        </message>
        <message>
            <source>The server returned one vector per token; start it with a pooling type (llama-server --embeddings --pooling mean).</source>
            <translation>服务器为每个 token 返回了一个向量；请以池化方式启动它（llama-server --embeddings --pooling mean）。</translation>
        </message>
        <message>
            <source>An embedding in the answer is missing or not a list of numbers.</source>
            <translation>应答中缺少某个嵌入，或它不是数字列表。</translation>
        </message>
        <message>
            <source>The answer has %1 embeddings for %2 texts.</source>
            <translation>应答中有 %1 个嵌入，而发送了 %2 段文本。</translation>
        </message>
        <message>
            <source>The embeddings in the answer have different lengths.</source>
            <translation>应答中的嵌入长度不一致。</translation>
        </message>
        <message>
            <source>Anthropic's API has no embeddings endpoint; choose an OpenAI-compatible or Ollama provider for semantic recall.</source>
            <translation>Anthropic 的 API 没有嵌入端点；语义召回请选择 OpenAI 兼容或 Ollama 服务商。</translation>
        </message>
        <message>
            <source>embeddings</source>
            <translation>嵌入</translation>
        </message>
    </context>
    <context>
        <name>Skein::Exchange::Text</name>
        <message>
            <source>unknown value "%1"</source>
            <translation>未知的值“%1”</translation>
        </message>
        <message>
            <source>expected an id</source>
            <translation>应为 ID</translation>
        </message>
        <message>
            <source>expected an object</source>
            <translation>应为对象</translation>
        </message>
        <message>
            <source>expected a non-empty string</source>
            <translation>应为非空字符串</translation>
        </message>
        <message>
            <source>expected a string</source>
            <translation>应为字符串</translation>
        </message>
        <message>
            <source>expected a string or an object</source>
            <translation>应为字符串或对象</translation>
        </message>
        <message>
            <source>a tool message needs the id of the call it answers</source>
            <translation>工具消息需要它所回应的调用的 ID</translation>
        </message>
        <message>
            <source>needs content, changed_by and changed_at</source>
            <translation>需要 content、changed_by 和 changed_at</translation>
        </message>
        <message>
            <source>expected a string, found %1</source>
            <translation>应为字符串，实际为 %1</translation>
        </message>
        <message>
            <source>longer than %1 characters</source>
            <translation>超过 %1 个字符</translation>
        </message>
        <message>
            <source>expected an integer, found %1</source>
            <translation>应为整数，实际为 %1</translation>
        </message>
        <message>
            <source>must be at least %1</source>
            <translation>不能小于 %1</translation>
        </message>
        <message>
            <source>expected a number, found %1</source>
            <translation>应为数字，实际为 %1</translation>
        </message>
        <message>
            <source>expected true or false, found %1</source>
            <translation>应为 true 或 false，实际为 %1</translation>
        </message>
        <message>
            <source>expected an object, found %1</source>
            <translation>应为对象，实际为 %1</translation>
        </message>
        <message>
            <source>expected an array, found %1</source>
            <translation>应为数组，实际为 %1</translation>
        </message>
        <message>
            <source>must not be empty</source>
            <translation>不能为空</translation>
        </message>
        <message>
            <source>contains control characters</source>
            <translation>包含控制字符</translation>
        </message>
        <message>
            <source>"%1" could not be read: %2</source>
            <translation>无法读取“%1”：%2</translation>
        </message>
        <message>
            <source>Memories could not be read: %1</source>
            <translation>无法读取记忆：%1</translation>
        </message>
        <message>
            <source>Providers could not be read: %1</source>
            <translation>无法读取服务商：%1</translation>
        </message>
        <message>
            <source>(untitled)</source>
            <translation>（无标题）</translation>
        </message>
        <message>
            <source>Imported "%1" (%2 messages) as %3.</source>
            <translation>已导入“%1”（%2 条消息），ID 为 %3。</translation>
        </message>
        <message>
            <source>"%1" is already present (%2); nothing changed.</source>
            <translation>“%1”已存在（%2），未做任何更改。</translation>
        </message>
        <message>
            <source>A different session with the id %1 exists already: imported "%2" as a new session %3.</source>
            <translation>已存在 ID 为 %1 但内容不同的会话：已将“%2”作为新会话 %3 导入。</translation>
        </message>
        <message>
            <source>cannot read %1: %2</source>
            <translation>无法读取 %1：%2</translation>
        </message>
        <message>
            <source>$: the file is larger than %1 MB</source>
            <translation>$：文件大于 %1 MB</translation>
        </message>
        <message>
            <source>the database is open read-only</source>
            <translation>数据库以只读方式打开</translation>
        </message>
        <message>
            <source>$: not valid JSON (%1 at byte %2)</source>
            <translation>$：不是有效的 JSON（第 %2 字节处：%1）</translation>
        </message>
        <message>
            <source>$: expected a JSON object</source>
            <translation>$：应为 JSON 对象</translation>
        </message>
        <message>
            <source>: expected an object</source>
            <translation>：应为对象</translation>
        </message>
        <message>
            <source>$.format: unsupported format "%1" (this version reads %2 and %3)</source>
            <translation>$.format：不支持的格式“%1”（此版本可读取 %2 和 %3）</translation>
        </message>
        <message>
            <source>: refers to session "%1", which is neither in this file nor in the database</source>
            <translation>：引用了会话“%1”，但该会话既不在此文件中，也不在数据库中</translation>
        </message>
        <message>
            <source>session "%1" appears twice</source>
            <translation>会话“%1”出现了两次</translation>
        </message>
        <message>
            <source>more than %1 messages</source>
            <translation>消息超过 %1 条</translation>
        </message>
        <message>
            <source>message id "%1" appears twice</source>
            <translation>消息 ID“%1”出现了两次</translation>
        </message>
        <message>
            <source>tool call id "%1" appears twice</source>
            <translation>工具调用 ID“%1”出现了两次</translation>
        </message>
        <message>
            <source>summary id "%1" appears twice</source>
            <translation>摘要 ID“%1”出现了两次</translation>
        </message>
        <message>
            <source>tool call "%1" is logged twice</source>
            <translation>工具调用“%1”被记录了两次</translation>
        </message>
        <message>
            <source>snapshot id "%1" appears twice</source>
            <translation>快照 ID“%1”出现了两次</translation>
        </message>
        <message>
            <source>memory id "%1" appears twice</source>
            <translation>记忆 ID“%1”出现了两次</translation>
        </message>
        <message>
            <source>a memory inside a session must come from it</source>
            <translation>会话中的记忆必须来自该会话</translation>
        </message>
        <message>
            <source>: refers to message "%1", which is not in this session</source>
            <translation>：引用了消息“%1”，但它不在此会话中</translation>
        </message>
        <message>
            <source>: refers to message "%1" of the session this one was forked from, which is neither in this file nor in the database; export that session too</source>
            <translation>：引用了来源会话中的消息“%1”，但它既不在此文件中，也不在数据库中；请同时导出那个会话</translation>
        </message>
        <message>
            <source>: message "%1" is its own ancestor (the parent links form a cycle)</source>
            <translation>：消息“%1”是它自己的祖先（父级链接形成了循环）</translation>
        </message>
        <message>
            <source>.session.parent_session_id: forked from session "%1", which is neither in this file nor in the database</source>
            <translation>.session.parent_session_id：分叉自会话“%1”，但该会话既不在此文件中，也不在数据库中</translation>
        </message>
        <message>
            <source>.superseded_by: unknown summary "%1"</source>
            <translation>.superseded_by：未知的摘要“%1”</translation>
        </message>
        <message>
            <source>.session_id: a memory inside a session can only be scoped to it</source>
            <translation>.session_id：会话中的记忆只能限定在该会话内</translation>
        </message>
        <message>
            <source>$.sessions: sessions are forked from each other in a cycle</source>
            <translation>$.sessions：会话之间的分叉关系形成了循环</translation>
        </message>
        <message>
            <source>System</source>
            <translation>系统</translation>
        </message>
        <message>
            <source>User</source>
            <translation>用户</translation>
        </message>
        <message>
            <source>Assistant</source>
            <translation>助手</translation>
        </message>
        <message>
            <source>Assistant (%1)</source>
            <translation>助手（%1）</translation>
        </message>
        <message>
            <source>Tool result</source>
            <translation>工具结果</translation>
        </message>
        <message>
            <source>Tool result: %1</source>
            <translation>工具结果：%1</translation>
        </message>
        <message>
            <source>Untitled conversation</source>
            <translation>未命名对话</translation>
        </message>
        <message>
            <source>*Started %1*</source>
            <translation>*开始于 %1*</translation>
        </message>
        <message>
            <source>System prompt</source>
            <translation>系统提示词</translation>
        </message>
        <message>
            <source>Reasoning</source>
            <translation>推理过程</translation>
        </message>
        <message>
            <source>Tool call: %1</source>
            <translation>工具调用：%1</translation>
        </message>
        <message>
            <source>expected an integer from 0 to %1</source>
            <translation>应为 0 到 %1 之间的整数</translation>
        </message>
        <message>
            <source>Memories: %1 imported into the review inbox (pending until you accept them), %2 already present.</source>
            <translation>记忆：%1 条已导入审核收件箱（在你接受之前为待定），%2 条已存在。</translation>
        </message>
        <message>
            <source>Memory not imported: %1</source>
            <translation>未导入的记忆：%1</translation>
        </message>
        <message>
            <source>Providers: %1 imported, disabled until you review and enable them (Settings → Providers); %2 already present.</source>
            <translation>服务商：已导入 %1 个，在你审核并启用之前保持停用（设置 → 服务商）；%2 个已存在。</translation>
        </message>
        <message>
            <source>memory %1: %2</source>
            <translation>记忆 %1：%2</translation>
        </message>
        <message>
            <source>: refers to message "%1" of another conversation, not of the session this one was forked from</source>
            <translation>：引用了另一个对话中的消息“%1”，而不是此会话分叉来源的会话</translation>
        </message>
        <message>
            <source>image:</source>
            <translation>图片：</translation>
        </message>
        <message>
            <source>"%1" grew since it was imported: %2 new messages added to %3.</source>
            <translation>“%1”自上次导入后有新内容：已向 %3 添加 %2 条新消息。</translation>
        </message>
        <message>
            <source>Skipped %1: %2</source>
            <translation>已跳过 %1：%2</translation>
        </message>
        <message>
            <source>this looks like a Chatbot UI export, which Skein cannot import (it imports Skein, ChatGPT, Claude, Open WebUI and LibreChat exports)</source>
            <translation>这看起来是 Chatbot UI 的导出文件，Skein 无法导入（Skein 可导入 Skein、ChatGPT、Claude、Open WebUI 和 LibreChat 的导出文件）</translation>
        </message>
        <message>
            <source>not a conversation of a format Skein imports (Skein, ChatGPT, Claude, Open WebUI, LibreChat)</source>
            <translation>不是 Skein 可导入格式的对话（Skein、ChatGPT、Claude、Open WebUI、LibreChat）</translation>
        </message>
        <message>
            <source>$: a Skein export, not a %1 one</source>
            <translation>$：这是 Skein 导出文件，不是 %1 导出文件</translation>
        </message>
        <message>
            <source>not valid JSON at byte %1 of the conversation: %2</source>
            <translation>对话的第 %1 字节处不是有效的 JSON：%2</translation>
        </message>
        <message>
            <source>$: not a JSON export (it does not start with [ or {)</source>
            <translation>$：不是 JSON 导出文件（不以 [ 或 { 开头）</translation>
        </message>
        <message>
            <source>$: the file is empty</source>
            <translation>$：文件为空</translation>
        </message>
        <message>
            <source>the import was cancelled; nothing was imported</source>
            <translation>导入已取消，未导入任何内容</translation>
        </message>
        <message>
            <source>memories.json$: not valid JSON: %1</source>
            <translation>memories.json$：不是有效的 JSON：%1</translation>
        </message>
        <message>
            <source>Claude export</source>
            <translation>Claude 导出</translation>
        </message>
        <message>
            <source>%1 does not exist</source>
            <translation>%1 不存在</translation>
        </message>
        <message>
            <source>%1 is not a readable ZIP archive: %2</source>
            <translation>%1 不是可读取的 ZIP 压缩包：%2</translation>
        </message>
        <message>
            <source>cannot read %1 in %2%3</source>
            <translation>无法读取 %2 中的 %1%3</translation>
        </message>
        <message>
            <source>export_manifest.json: larger than 1 MB</source>
            <translation>export_manifest.json：大于 1 MB</translation>
        </message>
        <message>
            <source>not valid JSON: %1</source>
            <translation>不是有效的 JSON：%1</translation>
        </message>
        <message>
            <source>expected the list of conversation files</source>
            <translation>应为对话文件列表</translation>
        </message>
        <message>
            <source>not a file name of the export</source>
            <translation>不是导出包中的文件名</translation>
        </message>
        <message>
            <source>%1 is not in the export</source>
            <translation>%1 不在导出包中</translation>
        </message>
        <message>
            <source>%1: no conversations.json in it</source>
            <translation>%1：其中没有 conversations.json</translation>
        </message>
        <message>
            <source>$: cannot read the file: %1</source>
            <translation>$：无法读取文件：%1</translation>
        </message>
        <message>
            <source>$: expected a JSON array of conversations</source>
            <translation>$：应为由对话组成的 JSON 数组</translation>
        </message>
        <message>
            <source>$: the array is not closed</source>
            <translation>$：数组未闭合</translation>
        </message>
        <message>
            <source>$[%1]: expected "," or "]" after the element</source>
            <translation>$[%1]：元素之后应为“,”或“]”</translation>
        </message>
        <message>
            <source>$[%1]: the element is larger than %2 MB</source>
            <translation>$[%1]：元素大于 %2 MB</translation>
        </message>
        <message>
            <source>$[%1]: the file ends inside this element</source>
            <translation>$[%1]：文件在此元素内部结束</translation>
        </message>
        <message>
            <source>$[%1]: expected a value</source>
            <translation>$[%1]：应为一个值</translation>
        </message>
        <message>
            <source>a message without an id</source>
            <translation>消息缺少 id</translation>
        </message>
        <message>
            <source>the id "%1" is used twice (also at %2)</source>
            <translation>id“%1”被使用了两次（另一处在 %2）</translation>
        </message>
        <message>
            <source>the message is its own parent</source>
            <translation>消息的父消息是它自己</translation>
        </message>
        <message>
            <source>the parent "%1" is not in the file (nor the parent of %2)</source>
            <translation>父消息“%1”不在文件中（%2 的父消息也不在）</translation>
        </message>
        <message>
            <source>an excerpt: its first message's parent (%1) is not in the file; it starts there</source>
            <translation>这是一个摘录：其第一条消息的父消息（%1）不在文件中；对话从该消息开始</translation>
        </message>
        <message>
            <source>the parents form a cycle</source>
            <translation>父子关系形成了循环</translation>
        </message>
        <message>
            <source>the conversation has no messages</source>
            <translation>对话中没有消息</translation>
        </message>
        <message>
            <source>its current message (%1) is not in the file: the newest branch is active</source>
            <translation>其当前消息（%1）不在文件中：最新的分支设为当前分支</translation>
        </message>
        <message>
            <source>unnamed</source>
            <translation>未命名</translation>
        </message>
        <message>
            <source>Error: %1</source>
            <translation>错误：%1</translation>
        </message>
        <message>
            <source>Sources:</source>
            <translation>来源：</translation>
        </message>
        <message>
            <source>[%1]</source>
            <translation>[%1]</translation>
        </message>
        <message>
            <source>no conversation_id</source>
            <translation>没有 conversation_id</translation>
        </message>
        <message>
            <source>missing: the conversation has no messages</source>
            <translation>缺失：对话中没有消息</translation>
        </message>
        <message>
            <source>expected an object of messages</source>
            <translation>应为由消息组成的对象</translation>
        </message>
        <message>
            <source>unknown role</source>
            <translation>未知角色</translation>
        </message>
        <message>
            <source>missing</source>
            <translation>缺失</translation>
        </message>
        <message>
            <source>expected an array of messages</source>
            <translation>应为由消息组成的数组</translation>
        </message>
        <message>
            <source>unknown sender "%1"</source>
            <translation>未知发送者“%1”</translation>
        </message>
        <message>
            <source>unknown role "%1"</source>
            <translation>未知角色“%1”</translation>
        </message>
        <message>
            <source>the messages are nested too deeply</source>
            <translation>消息嵌套过深</translation>
        </message>
        <message>
            <source>image not included:</source>
            <translation>图片未包含：</translation>
        </message>
        <message>
            <source>still being generated</source>
            <translation>仍在生成中</translation>
        </message>
        <message>
            <source>interrupted</source>
            <translation>已中断</translation>
        </message>
        <message>
            <source>stopped by the user</source>
            <translation>已被用户停止</translation>
        </message>
        <message>
            <source>failed</source>
            <translation>失败</translation>
        </message>
        <message>
            <source>failed: %1</source>
            <translation>失败：%1</translation>
        </message>
        <message>
            <source>Started %1</source>
            <translation>开始于 %1</translation>
        </message>
        <message>
            <source>messages: %1</source>
            <translation>消息数：%1</translation>
        </message>
        <message>
            <source>every branch; the active one is open</source>
            <translation>所有分支；当前分支已展开</translation>
        </message>
        <message>
            <source>exported from Skein %1</source>
            <translation>导出自 Skein %1</translation>
        </message>
        <message>
            <source>Branch %1 of %2</source>
            <translation>分支 %1 / %2</translation>
        </message>
        <message>
            <source>PDF export needs the graphical libraries (fonts)</source>
            <translation>PDF 导出需要图形库（字体）</translation>
        </message>
        <message>
            <source>cannot write %1: %2</source>
            <translation>无法写入 %1：%2</translation>
        </message>
        <message>
            <source>: not valid JSON at byte %1: %2</source>
            <translation>：第 %1 字节处不是有效的 JSON：%2</translation>
        </message>
        <message>
            <source>more than %1 entries</source>
            <translation>超过 %1 项</translation>
        </message>
        <message>
            <source>unknown kind "%1"</source>
            <translation>未知的类型“%1”</translation>
        </message>
        <message>
            <source>larger than %1 MB</source>
            <translation>大于 %1 MB</translation>
        </message>
        <message>
            <source>expected 64 lowercase hexadecimal digits</source>
            <translation>应为 64 个小写十六进制数字</translation>
        </message>
        <message>
            <source>the key must be the content's SHA-256, 64 lowercase hexadecimal digits</source>
            <translation>键必须是内容的 SHA-256，即 64 个小写十六进制数字</translation>
        </message>
        <message>
            <source>expected base64 text</source>
            <translation>应为 base64 文本</translation>
        </message>
        <message>
            <source>not valid base64</source>
            <translation>不是有效的 base64</translation>
        </message>
        <message>
            <source>the content does not match its SHA-256</source>
            <translation>内容与其 SHA-256 不符</translation>
        </message>
        <message>
            <source>attachment id "%1" appears twice</source>
            <translation>附件 ID“%1”出现了两次</translation>
        </message>
        <message>
            <source>.sha256: no content %1 in attachment_contents</source>
            <translation>.sha256：attachment_contents 中没有内容 %1</translation>
        </message>
        <message>
            <source>.size: %1 bytes, but its content has %2</source>
            <translation>.size：%1 字节，但其内容有 %2 字节</translation>
        </message>
        <message>
            <source>%1 × %2 pixels</source>
            <translation>%1 × %2 像素</translation>
        </message>
        <message numerus="yes">
            <source>%n page(s)</source>
            <translation>
                <numerusform>%n 页</numerusform>
            </translation>
        </message>
        <message>
            <source>not included in the import</source>
            <translation>导入时未包含</translation>
        </message>
        <message>
            <source>Attachments: %1, of which %2 came with their files (the export named the others).</source>
            <translation>附件：%1 个，其中 %2 个带有文件（其余的导出文件只提到了名称）。</translation>
        </message>
        <message>
            <source>its text only: the file was not included in the import</source>
            <translation>仅有其文本：导入的文件中没有包含该文件</translation>
        </message>
        <message>
            <source>%1: not imported, larger than %2</source>
            <translation>%1：未导入，大于 %2</translation>
        </message>
        <message>
            <source>image</source>
            <translation>图片</translation>
        </message>
    </context>
    <context>
        <name>Skein::FirstRunDialog</name>
        <message>
            <source>Looking…</source>
            <translation>正在查找…</translation>
        </message>
        <message>
            <source>Use</source>
            <translation>使用</translation>
        </message>
        <message>
            <source>Use %1</source>
            <translation>使用 %1</translation>
        </message>
        <message>
            <source>More &amp;Settings…</source>
            <translation>更多设置(&amp;S)…</translation>
        </message>
        <message>
            <source>&amp;Later</source>
            <translation>以后再说(&amp;L)</translation>
        </message>
        <message numerus="yes">
            <source>✓ Running, %n model(s)</source>
            <translation>
                <numerusform>✓ 正在运行，%n 个模型</numerusform>
            </translation>
        </message>
        <message>
            <source>Not running</source>
            <translation>未运行</translation>
        </message>
        <message>
            <source>Adding %1…</source>
            <translation>正在添加 %1…</translation>
        </message>
        <message>
            <source>The provider could not be saved: %1</source>
            <translation>无法保存服务商：%1</translation>
        </message>
        <message>
            <source>Saving the key…</source>
            <translation>正在保存密钥…</translation>
        </message>
        <message>
            <source>The keychain cannot be used, so the key was not kept: %1</source>
            <translation>无法使用钥匙串，因此未保存密钥：%1</translation>
        </message>
    </context>
    <context>
        <name>Skein::ImportProgress</name>
        <message>
            <source>Import</source>
            <translation>导入</translation>
        </message>
        <message>
            <source>Reading %1…</source>
            <translation>正在读取 %1…</translation>
        </message>
        <message>
            <source>Cancelling: nothing will be imported…</source>
            <translation>正在取消：不会导入任何内容…</translation>
        </message>
        <message>
            <source>The import was cancelled. Nothing was imported.</source>
            <translation>导入已取消。未导入任何内容。</translation>
        </message>
        <message>
            <source>Nothing was imported from %1.</source>
            <translation>未从 %1 导入任何内容。</translation>
        </message>
        <message>
            <source>New conversations: %1, with %2 messages.</source>
            <translation>新对话：%1 个，共 %2 条消息。</translation>
        </message>
        <message>
            <source>Conversations that had grown since they were imported: %1 (the new messages were added to them).</source>
            <translation>自上次导入后有新内容的对话：%1 个（新消息已添加到其中）。</translation>
        </message>
        <message>
            <source>Already here, left as they were: %1.</source>
            <translation>已存在、保持原样的对话：%1 个。</translation>
        </message>
        <message>
            <source>Memories waiting in the review inbox: %1.</source>
            <translation>等待在审核收件箱中的记忆：%1 条。</translation>
        </message>
        <message>
            <source>Skipped because they could not be read: %1 (see the details).</source>
            <translation>因无法读取而跳过的对话：%1 个（见详细信息）。</translation>
        </message>
        <message>
            <source>Import Finished</source>
            <translation>导入完成</translation>
        </message>
        <message>
            <source>Imported from %1 (a %2 export).</source>
            <translation>已从 %1 导入（%2 导出文件）。</translation>
        </message>
        <message>
            <source>Importing %1
Conversations: %2 · read %3 of %4</source>
            <translation>正在导入 %1
对话：%2 个 · 已读取 %3 / %4</translation>
        </message>
        <message>
            <source>Attachments: %1, of which %2 came with their content.</source>
            <translation>附件：%1 个，其中 %2 个带有内容。</translation>
        </message>
    </context>
    <context>
        <name>Skein::InspectorPanels</name>
        <message>
            <source>Branches</source>
            <translation>分支</translation>
        </message>
        <message>
            <source>Memory</source>
            <translation>记忆</translation>
        </message>
        <message>
            <source>Context</source>
            <translation>上下文</translation>
        </message>
        <message>
            <source>&amp;Usage…</source>
            <translation>用量(&amp;U)…</translation>
        </message>
        <message>
            <source>Tokens and cost per day, conversation and model</source>
            <translation>按日期、对话和模型统计的令牌与费用</translation>
        </message>
    </context>
    <context>
        <name>Skein::KeychainSecretStore</name>
        <message>
            <source>The keychain did not return the key that was just saved.</source>
            <translation>钥匙串未能读回刚刚保存的密钥。</translation>
        </message>
        <message>
            <source>The keychain is not available: %1</source>
            <translation>钥匙串不可用：%1</translation>
        </message>
        <message>
            <source>The keychain did not answer in time.</source>
            <translation>钥匙串未及时响应。</translation>
        </message>
    </context>
    <context>
        <name>Skein::LinkOpener</name>
        <message>
            <source>Open Link</source>
            <translation>打开链接</translation>
        </message>
        <message>
            <source>Open this address in your browser?</source>
            <translation>要在浏览器中打开这个地址吗？</translation>
        </message>
        <message>
            <source>Open</source>
            <translation>打开</translation>
        </message>
    </context>
    <context>
        <name>Skein::MainWindow</name>
        <message>
            <source>Welcome to Skein</source>
            <translation>欢迎使用 Skein</translation>
        </message>
        <message>
            <source>Your conversations are trees: edit or regenerate any message to branch. Add a provider in Settings, then start a chat.</source>
            <translation>你的对话是一棵树：编辑或重新生成任意消息即可产生分支。请先在“设置”中添加服务商，然后开始聊天。</translation>
        </message>
        <message>
            <source>Inspector</source>
            <translation>检查器</translation>
        </message>
        <message>
            <source>Ready</source>
            <translation>就绪</translation>
        </message>
        <message>
            <source>&amp;File</source>
            <translation>文件(&amp;F)</translation>
        </message>
        <message>
            <source>&amp;New Chat</source>
            <translation>新建对话(&amp;N)</translation>
        </message>
        <message>
            <source>&amp;Import…</source>
            <translation>导入(&amp;I)…</translation>
        </message>
        <message>
            <source>&amp;Export Conversation…</source>
            <translation>导出会话(&amp;E)…</translation>
        </message>
        <message>
            <source>&amp;Settings…</source>
            <translation>设置(&amp;S)…</translation>
        </message>
        <message>
            <source>&amp;Quit</source>
            <translation>退出(&amp;Q)</translation>
        </message>
        <message>
            <source>&amp;Edit</source>
            <translation>编辑(&amp;E)</translation>
        </message>
        <message>
            <source>&amp;Search Conversations</source>
            <translation>搜索会话(&amp;S)</translation>
        </message>
        <message>
            <source>&amp;View</source>
            <translation>视图(&amp;V)</translation>
        </message>
        <message>
            <source>Show &amp;Sidebar</source>
            <translation>显示侧边栏(&amp;S)</translation>
        </message>
        <message>
            <source>Show &amp;Inspector</source>
            <translation>显示检查器(&amp;I)</translation>
        </message>
        <message>
            <source>&amp;Branches</source>
            <translation>分支(&amp;B)</translation>
        </message>
        <message>
            <source>&amp;Memory</source>
            <translation>记忆(&amp;M)</translation>
        </message>
        <message>
            <source>&amp;Context</source>
            <translation>上下文(&amp;C)</translation>
        </message>
        <message>
            <source>&amp;Full Screen</source>
            <translation>全屏(&amp;F)</translation>
        </message>
        <message>
            <source>&amp;Session</source>
            <translation>会话(&amp;S)</translation>
        </message>
        <message>
            <source>&amp;Rename…</source>
            <translation>重命名(&amp;R)…</translation>
        </message>
        <message>
            <source>&amp;Archive</source>
            <translation>归档(&amp;A)</translation>
        </message>
        <message>
            <source>&amp;Delete</source>
            <translation>删除(&amp;D)</translation>
        </message>
        <message>
            <source>Previous &amp;Branch</source>
            <translation>上一个分支(&amp;B)</translation>
        </message>
        <message>
            <source>Next B&amp;ranch</source>
            <translation>下一个分支(&amp;R)</translation>
        </message>
        <message>
            <source>&amp;Stop</source>
            <translation>停止(&amp;S)</translation>
        </message>
        <message>
            <source>&amp;Help</source>
            <translation>帮助(&amp;H)</translation>
        </message>
        <message>
            <source>&amp;About Skein</source>
            <translation>关于 Skein(&amp;A)</translation>
        </message>
        <message>
            <source>About &amp;Qt</source>
            <translation>关于 Qt(&amp;Q)</translation>
        </message>
        <message>
            <source>Opening the database…</source>
            <translation>正在打开数据库…</translation>
        </message>
        <message>
            <source>&amp;Copy Message</source>
            <translation>复制消息(&amp;C)</translation>
        </message>
        <message>
            <source>Chat</source>
            <translation>聊天</translation>
        </message>
        <message>
            <source>S&amp;end</source>
            <translation>发送(&amp;E)</translation>
        </message>
        <message>
            <source>&amp;Pin / Unpin</source>
            <translation>置顶/取消置顶(&amp;P)</translation>
        </message>
        <message>
            <source>D&amp;uplicate</source>
            <translation>创建副本(&amp;U)</translation>
        </message>
        <message>
            <source>Re&amp;generate Reply</source>
            <translation>重新生成回复(&amp;G)</translation>
        </message>
        <message>
            <source>Message copied.</source>
            <translation>消息已复制。</translation>
        </message>
        <message>
            <source>Delete Branch</source>
            <translation>删除分支</translation>
        </message>
        <message>
            <source>Delete this message and every reply below it? This cannot be undone.</source>
            <translation>删除这条消息及其下方的所有回复？此操作无法撤销。</translation>
        </message>
        <message>
            <source>Delete</source>
            <translation>删除</translation>
        </message>
        <message>
            <source>Message text</source>
            <translation>消息文本</translation>
        </message>
        <message>
            <source>Message Text</source>
            <translation>消息文本</translation>
        </message>
        <message>
            <source>&amp;Undo Delete</source>
            <translation>撤销删除(&amp;U)</translation>
        </message>
        <message>
            <source>Branch &amp;Graph</source>
            <translation>分支图(&amp;G)</translation>
        </message>
        <message>
            <source>Memor&amp;ies</source>
            <translation>记忆(&amp;I)</translation>
        </message>
        <message>
            <source>&amp;Tools</source>
            <translation>工具(&amp;T)</translation>
        </message>
        <message>
            <source>“%1” needs your approval: check its arguments on the card, then allow or deny it.</source>
            <translation>“%1”需要你的批准：请在卡片上检查其参数，然后允许或拒绝。</translation>
        </message>
        <message>
            <source>Running tools…</source>
            <translation>正在运行工具…</translation>
        </message>
        <message>
            <source>&amp;Use Tools</source>
            <translation>使用工具(&amp;U)</translation>
        </message>
        <message>
            <source>Offer the built-in tools and the MCP servers' tools to the model</source>
            <translation>向模型提供内置工具和 MCP 服务器的工具</translation>
        </message>
        <message>
            <source>No tool call is waiting for approval.</source>
            <translation>没有等待批准的工具调用。</translation>
        </message>
        <message>
            <source>Allow Tool Call &amp;Once</source>
            <translation>允许此次工具调用(&amp;O)</translation>
        </message>
        <message>
            <source>&amp;Always Allow This Tool</source>
            <translation>始终允许此工具(&amp;A)</translation>
        </message>
        <message>
            <source>&amp;Deny Tool Call</source>
            <translation>拒绝工具调用(&amp;D)</translation>
        </message>
        <message>
            <source>&amp;Restart Tool Servers</source>
            <translation>重启工具服务器(&amp;R)</translation>
        </message>
        <message>
            <source>Every tool server is running.</source>
            <translation>所有工具服务器都在运行。</translation>
        </message>
        <message>
            <source>Restarting: %1</source>
            <translation>正在重启：%1</translation>
        </message>
        <message>
            <source>Import Conversations</source>
            <translation>导入对话</translation>
        </message>
        <message>
            <source>View Message &amp;Source</source>
            <translation>查看消息源文本(&amp;S)</translation>
        </message>
        <message numerus="yes">
            <source>Recovered after an unexpected exit: %n interrupted reply or tool call(s) closed.</source>
            <translation>
                <numerusform>已从意外退出中恢复：关闭了 %n 个中断的回复或工具调用。</numerusform>
            </translation>
        </message>
        <message>
            <source>Main Toolbar</source>
            <translation>主工具栏</translation>
        </message>
        <message>
            <source>%1 (%2)</source>
            <translation>%1（%2）</translation>
        </message>
        <message>
            <source>More Actions</source>
            <translation>更多操作</translation>
        </message>
        <message>
            <source>Pre&amp;vious Message</source>
            <translation>上一条消息(&amp;V)</translation>
        </message>
        <message>
            <source>Ne&amp;xt Message</source>
            <translation>下一条消息(&amp;X)</translation>
        </message>
        <message>
            <source>Message &amp;Actions…</source>
            <translation>消息操作(&amp;A)…</translation>
        </message>
        <message>
            <source>Exports of Skein, ChatGPT, Claude, Open WebUI or LibreChat (*.json *.zip);;All files (*)</source>
            <translation>Skein、ChatGPT、Claude、Open WebUI 或 LibreChat 的导出文件 (*.json *.zip);;所有文件 (*)</translation>
        </message>
        <message>
            <source>&amp;Print Conversation…</source>
            <translation>打印对话(&amp;P)…</translation>
        </message>
        <message>
            <source>Print Conversation</source>
            <translation>打印对话</translation>
        </message>
        <message>
            <source>New &amp;Incognito Chat</source>
            <translation>新建无痕对话(&amp;I)</translation>
        </message>
        <message>
            <source>A chat that is not remembered, not searchable and deleted when you leave it</source>
            <translation>不被记住、不可搜索、离开即删除的对话</translation>
        </message>
        <message>
            <source>Incognito: nothing here is remembered or found by search, and the chat is deleted when you leave it.</source>
            <translation>无痕：这里的内容不会被记住，也不会被搜索到；离开后对话即被删除。</translation>
        </message>
        <message>
            <source>Keep it</source>
            <translation>保留</translation>
        </message>
        <message>
            <source>Incognito: nothing here is remembered or found by search.</source>
            <translation>无痕：这里的内容不会被记住，也不会被搜索到。</translation>
        </message>
        <message>
            <source>Incognito chat</source>
            <translation>无痕对话</translation>
        </message>
        <message>
            <source>Pinned. Every conversation's requests now carry this note.</source>
            <translation>已置顶。今后所有对话的请求都会带上这条笔记。</translation>
        </message>
        <message>
            <source>Pinned. This conversation's requests now carry this note.</source>
            <translation>已置顶。今后此对话的请求都会带上这条笔记。</translation>
        </message>
        <message>
            <source>Could not pin the note: %1</source>
            <translation>无法置顶笔记：%1</translation>
        </message>
    </context>
    <context>
        <name>Skein::MarkdownRenderer</name>
        <message>
            <source>[image not loaded: %1]</source>
            <translation>[图片未加载：%1]</translation>
        </message>
    </context>
    <context>
        <name>Skein::McpClient</name>
        <message>
            <source>The server “%1” was stopped.</source>
            <translation>服务器“%1”已停止。</translation>
        </message>
        <message>
            <source>“%1” got no answer within %2 s.</source>
            <translation>“%1”在 %2 秒内没有响应。</translation>
        </message>
        <message>
            <source>The server refused to initialize: %1</source>
            <translation>服务器拒绝初始化：%1</translation>
        </message>
        <message>
            <source>The server speaks MCP version “%1”, which Skein does not support.</source>
            <translation>服务器使用的 MCP 版本“%1”不受 Skein 支持。</translation>
        </message>
        <message>
            <source>The server could not list its tools: %1</source>
            <translation>服务器无法列出其工具：%1</translation>
        </message>
        <message>
            <source>The MCP server “%1” is not running.</source>
            <translation>MCP 服务器“%1”未在运行。</translation>
        </message>
        <message>
            <source>The MCP server “%1” stopped working: %2</source>
            <translation>MCP 服务器“%1”停止工作：%2</translation>
        </message>
        <message>
            <source>The MCP server of this tool was removed.</source>
            <translation>此工具所属的 MCP 服务器已被移除。</translation>
        </message>
    </context>
    <context>
        <name>Skein::McpConfig</name>
        <message>
            <source>line %1, column %2</source>
            <translation>第 %1 行，第 %2 列</translation>
        </message>
        <message>
            <source>Server “%1”: %2</source>
            <translation>服务器“%1”：%2</translation>
        </message>
        <message>
            <source>the name may only use letters, digits, “-” and “_” (no “__”), at most 32 characters</source>
            <translation>名称只能包含字母、数字、“-”和“_”（不能含“__”），最多 32 个字符</translation>
        </message>
        <message>
            <source>expected an object with “command” or “url”</source>
            <translation>应为包含“command”或“url”的对象</translation>
        </message>
        <message>
            <source>has both “command” and “url”; use one</source>
            <translation>同时设置了“command”和“url”，只能使用其一</translation>
        </message>
        <message>
            <source>“command” must be a non-empty string</source>
            <translation>“command”必须是非空字符串</translation>
        </message>
        <message>
            <source>“args” must be an array of strings</source>
            <translation>“args”必须是字符串数组</translation>
        </message>
        <message>
            <source>“env” must be an object of strings</source>
            <translation>“env”必须是值为字符串的对象</translation>
        </message>
        <message>
            <source>“cwd” must be a string</source>
            <translation>“cwd”必须是字符串</translation>
        </message>
        <message>
            <source>“url” must be an http:// or https:// address</source>
            <translation>“url”必须是 http:// 或 https:// 地址</translation>
        </message>
        <message>
            <source>“headers” must be an object of strings</source>
            <translation>“headers”必须是值为字符串的对象</translation>
        </message>
        <message>
            <source>needs “command” (a local program) or “url” (a streamable HTTP endpoint)</source>
            <translation>需要“command”（本地程序）或“url”（可流式 HTTP 端点）</translation>
        </message>
        <message>
            <source>“disabled” must be true or false</source>
            <translation>“disabled”必须是 true 或 false</translation>
        </message>
        <message>
            <source>The file is not valid JSON (%1 at %2).</source>
            <translation>文件不是有效的 JSON（%2 处：%1）。</translation>
        </message>
        <message>
            <source>Expected a JSON object with “mcpServers”.</source>
            <translation>应为包含“mcpServers”的 JSON 对象。</translation>
        </message>
        <message>
            <source>No “mcpServers” object found.</source>
            <translation>未找到“mcpServers”对象。</translation>
        </message>
        <message>
            <source>“mcpServers” must be an object that maps names to servers.</source>
            <translation>“mcpServers”必须是将名称映射到服务器的对象。</translation>
        </message>
        <message>
            <source>Cannot read %1: %2</source>
            <translation>无法读取 %1：%2</translation>
        </message>
        <message>
            <source>%1 is too large for a configuration file.</source>
            <translation>%1 作为配置文件过大。</translation>
        </message>
    </context>
    <context>
        <name>Skein::McpHttpTransport</name>
        <message>
            <source>The server ended the session (HTTP 404).</source>
            <translation>服务器结束了会话（HTTP 404）。</translation>
        </message>
        <message>
            <source>HTTP %1: %2</source>
            <translation>HTTP %1：%2</translation>
        </message>
        <message>
            <source>A response was not JSON: %1</source>
            <translation>响应不是 JSON：%1</translation>
        </message>
        <message>
            <source>The MCP server at %1 redirected the request to %2, another server. Skein does not follow redirects to other servers, so its headers and the tool call were not sent there; check the server's URL</source>
            <translation>%1 的 MCP 服务器把请求重定向到了另一台服务器 %2。Skein 不会跟随指向其他服务器的重定向，因此它的请求头和工具调用都没有发送到那里；请检查该服务器的 URL</translation>
        </message>
        <message>
            <source>The MCP server's answer is larger than %1, so Skein stopped reading it.</source>
            <translation>MCP 服务器的回答超过了 %1，因此 Skein 停止读取。</translation>
        </message>
    </context>
    <context>
        <name>Skein::McpPage</name>
        <message>
            <source>Import MCP Servers</source>
            <translation>导入 MCP 服务器</translation>
        </message>
        <message>
            <source>JSON files (*.json);;All files (*)</source>
            <translation>JSON 文件 (*.json);;所有文件 (*)</translation>
        </message>
        <message>
            <source>The environment of %1 could not be kept in the keychain: %2</source>
            <translation>无法将 %1 的环境变量保存到钥匙串：%2</translation>
        </message>
        <message>
            <source>Reading %1…</source>
            <translation>正在读取 %1…</translation>
        </message>
        <message numerus="yes">
            <source>%n server(s) imported.</source>
            <translation>
                <numerusform>已导入 %n 个服务器。</numerusform>
            </translation>
        </message>
        <message>
            <source>Skipped: %1</source>
            <translation>已跳过：%1</translation>
        </message>
        <message>
            <source>%1 has no log yet: it has not been started.</source>
            <translation>%1 还没有日志：它尚未启动过。</translation>
        </message>
        <message>
            <source>No application could open %1.</source>
            <translation>没有应用程序能打开 %1。</translation>
        </message>
        <message>
            <source>New “%1”: %2</source>
            <translation>新增“%1”：%2</translation>
        </message>
        <message>
            <source>Changed “%1”: %2
    was: %3</source>
            <translation>已更改“%1”：%2
    原为：%3</translation>
        </message>
        <message>
            <source>Nothing new to import.</source>
            <translation>没有可导入的新内容。</translation>
        </message>
        <message>
            <source>Skein will start these programs or connect to these servers when a conversation uses tools. Import them only if you trust them.</source>
            <translation>对话使用工具时，Skein 会启动这些程序或连接这些服务器。只有在你信任它们时才导入。</translation>
        </message>
        <message>
            <source>&amp;Import</source>
            <translation>导入(&amp;I)</translation>
        </message>
    </context>
    <context>
        <name>Skein::McpServerDialog</name>
        <message>
            <source>The name may use letters, digits, “-” and “_” (at most 32, no “__”).</source>
            <translation>名称可以使用字母、数字、“-”和“_”（最多 32 个字符，不能含“__”）。</translation>
        </message>
        <message>
            <source>Enter the program to start, such as npx or uvx.</source>
            <translation>请输入要启动的程序，例如 npx 或 uvx。</translation>
        </message>
        <message>
            <source>Enter the server's full http:// or https:// address.</source>
            <translation>请输入服务器完整的 http:// 或 https:// 地址。</translation>
        </message>
    </context>
    <context>
        <name>Skein::McpServerListModel</name>
        <message>
            <source>%1 (disabled)</source>
            <translation>%1（已停用）</translation>
        </message>
    </context>
    <context>
        <name>Skein::McpStdioTransport</name>
        <message>
            <source>Could not start “%1”: %2</source>
            <translation>无法启动“%1”：%2</translation>
        </message>
        <message>
            <source>stdout (not JSON-RPC): %1</source>
            <translation>标准输出（非 JSON-RPC）：%1</translation>
        </message>
        <message>
            <source>A message larger than %1 MiB was dropped.</source>
            <translation>已丢弃一条大于 %1 MiB 的消息。</translation>
        </message>
        <message>
            <source>crashed</source>
            <translation>崩溃了</translation>
        </message>
        <message>
            <source>exited with code %1</source>
            <translation>已退出，退出码 %1</translation>
        </message>
        <message>
            <source>The server %1.</source>
            <translation>服务器%1。</translation>
        </message>
        <message>
            <source>Last lines of its log:</source>
            <translation>其日志的最后几行：</translation>
        </message>
    </context>
    <context>
        <name>Skein::MemoryEditDialog</name>
        <message>
            <source>Add Memory</source>
            <translation>添加记忆</translation>
        </message>
        <message>
            <source>Edit Memory</source>
            <translation>编辑记忆</translation>
        </message>
        <message>
            <source>Edit and Accept Memory</source>
            <translation>编辑并接受记忆</translation>
        </message>
        <message>
            <source>Save and &amp;Accept</source>
            <translation>保存并接受(&amp;A)</translation>
        </message>
        <message>
            <source>&amp;Save</source>
            <translation>保存(&amp;S)</translation>
        </message>
        <message>
            <source>The Fact Changed</source>
            <translation>事实已变化</translation>
        </message>
        <message>
            <source>Write what holds now. The old memory stays in the timeline and is no longer used from now on.</source>
            <translation>写下现在的情况。旧记忆保留在时间线中，从现在起不再使用。</translation>
        </message>
    </context>
    <context>
        <name>Skein::MemoryExtractor</name>
        <message>
            <source>storage is not available</source>
            <translation>存储不可用</translation>
        </message>
        <message>
            <source>memory extraction failed: %1</source>
            <translation>记忆提取失败：%1</translation>
        </message>
    </context>
    <context>
        <name>Skein::MemoryGuard</name>
        <message>
            <source>it is empty</source>
            <translation>内容为空</translation>
        </message>
        <message>
            <source>it is longer than %1 characters</source>
            <translation>超过 %1 个字符</translation>
        </message>
        <message>
            <source>it looks like a secret (a key, token or password); secrets are never kept as memories</source>
            <translation>看起来像机密（密钥、令牌或密码）；机密永远不会被保存为记忆</translation>
        </message>
    </context>
    <context>
        <name>Skein::MemoryHistoryDialog</name>
        <message>
            <source>Current: %1</source>
            <translation>当前：%1</translation>
        </message>
        <message>
            <source>&amp;Restore This Version</source>
            <translation>恢复此版本(&amp;R)</translation>
        </message>
        <message>
            <source>Superseded on %1: %2</source>
            <translation>已于 %1 被取代：%2</translation>
        </message>
        <message>
            <source>Why: %1</source>
            <translation>原因：%1</translation>
        </message>
        <message>
            <source>%1 · earlier text · replaced by %2</source>
            <translation>%1 · 早先的文本 · 由 %2 替换</translation>
        </message>
        <message>
            <source>%1 – %2</source>
            <translation>%1 – %2</translation>
        </message>
        <message>
            <source>since %1</source>
            <translation>自 %1 起</translation>
        </message>
        <message>
            <source>ended</source>
            <translation>已结束</translation>
        </message>
        <message>
            <source>superseded</source>
            <translation>已被取代</translation>
        </message>
        <message>
            <source>this memory</source>
            <translation>本条记忆</translation>
        </message>
    </context>
    <context>
        <name>Skein::MemoryHousekeeper</name>
        <message>
            <source>Summarising older messages works again.</source>
            <translation>后台总结较早消息的功能已恢复正常。</translation>
        </message>
        <message>
            <source>Learning memories from the conversation works again.</source>
            <translation>从对话中学习记忆的功能已恢复正常。</translation>
        </message>
        <message>
            <source>Could not summarise older messages in the background (%1). Chatting is not affected; Skein will try again later.</source>
            <translation>无法在后台总结较早的消息（%1）。聊天不受影响，Skein 稍后会重试。</translation>
        </message>
        <message>
            <source>Could not learn memories from the conversation in the background (%1). Chatting is not affected; Skein will try again later.</source>
            <translation>无法在后台从对话中学习记忆（%1）。聊天不受影响，Skein 稍后会重试。</translation>
        </message>
        <message>
            <source>Messages could not be indexed for semantic recall: %1</source>
            <translation>无法为语义召回建立消息索引：%1</translation>
        </message>
        <message>
            <source>Semantic recall was skipped for this message (recall by words still ran): %1</source>
            <translation>此消息跳过了语义召回（按字词召回照常进行）：%1</translation>
        </message>
    </context>
    <context>
        <name>Skein::MemoryInspector</name>
        <message>
            <source>Search memories</source>
            <translation>搜索记忆</translation>
        </message>
        <message>
            <source>Add…</source>
            <translation>添加…</translation>
        </message>
        <message>
            <source>Add a memory by hand</source>
            <translation>手动添加一条记忆</translation>
        </message>
        <message>
            <source>Scope filter</source>
            <translation>范围筛选</translation>
        </message>
        <message>
            <source>All scopes</source>
            <translation>所有范围</translation>
        </message>
        <message>
            <source>Type filter</source>
            <translation>类型筛选</translation>
        </message>
        <message>
            <source>All types</source>
            <translation>所有类型</translation>
        </message>
        <message>
            <source>Status filter</source>
            <translation>状态筛选</translation>
        </message>
        <message>
            <source>All statuses</source>
            <translation>所有状态</translation>
        </message>
        <message>
            <source>Only those injected in the selected reply</source>
            <translation>仅显示注入所选回复的记忆</translation>
        </message>
        <message>
            <source>Memories</source>
            <translation>记忆</translation>
        </message>
        <message>
            <source>✓ Accept</source>
            <translation>✓ 接受</translation>
        </message>
        <message>
            <source>Use this memory from now on</source>
            <translation>从现在起使用这条记忆</translation>
        </message>
        <message>
            <source>✗ Reject</source>
            <translation>✗ 拒绝</translation>
        </message>
        <message>
            <source>Never use this memory</source>
            <translation>永不使用这条记忆</translation>
        </message>
        <message>
            <source>Edit…</source>
            <translation>编辑…</translation>
        </message>
        <message>
            <source>Change the text (the old text is kept)</source>
            <translation>修改内容（旧内容会保留）</translation>
        </message>
        <message>
            <source>More</source>
            <translation>更多</translation>
        </message>
        <message>
            <source>More actions</source>
            <translation>更多操作</translation>
        </message>
        <message>
            <source>Disable</source>
            <translation>停用</translation>
        </message>
        <message>
            <source>Show Source</source>
            <translation>查看来源</translation>
        </message>
        <message>
            <source>Delete…</source>
            <translation>删除…</translation>
        </message>
        <message>
            <source>Enable</source>
            <translation>启用</translation>
        </message>
        <message>
            <source>1 memory is waiting for your review.</source>
            <translation>有 1 条记忆等待你审核。</translation>
        </message>
        <message>
            <source>%1 memories are waiting for your review.</source>
            <translation>有 %1 条记忆等待你审核。</translation>
        </message>
        <message>
            <source>Review</source>
            <translation>审核</translation>
        </message>
        <message>
            <source>Select a reply to see which memories it used.</source>
            <translation>选择一条回复，查看它使用了哪些记忆。</translation>
        </message>
        <message>
            <source>The selected reply used no memories.</source>
            <translation>所选回复未使用任何记忆。</translation>
        </message>
        <message>
            <source>1 memory was injected in the selected reply (shown in bold).</source>
            <translation>有 1 条记忆注入了所选回复（以粗体显示）。</translation>
        </message>
        <message>
            <source>%1 memories were injected in the selected reply (shown in bold).</source>
            <translation>有 %1 条记忆注入了所选回复（以粗体显示）。</translation>
        </message>
        <message>
            <source>Could not update memories: %1</source>
            <translation>无法更新记忆：%1</translation>
        </message>
        <message>
            <source>Delete Memory</source>
            <translation>删除记忆</translation>
        </message>
        <message>
            <source>Delete this memory and its history? This cannot be undone.

%1</source>
            <translation>删除这条记忆及其历史记录？此操作无法撤销。

%1</translation>
        </message>
        <message>
            <source>Delete</source>
            <translation>删除</translation>
        </message>
        <message>
            <source>Promote</source>
            <translation>提升范围</translation>
        </message>
        <message>
            <source>Use this memory more widely</source>
            <translation>扩大这条记忆的适用范围</translation>
        </message>
        <message>
            <source>Add Memory…</source>
            <translation>添加记忆…</translation>
        </message>
        <message>
            <source>Review Pending Memories</source>
            <translation>审阅待处理的记忆</translation>
        </message>
        <message>
            <source>Show the memories waiting for your review</source>
            <translation>显示等待你审阅的记忆</translation>
        </message>
        <message>
            <source>Promote to This Conversation</source>
            <translation>提升到整个对话</translation>
        </message>
        <message>
            <source>Use this memory on every branch of its conversation</source>
            <translation>在所属对话的所有分支中使用这条记忆</translation>
        </message>
        <message>
            <source>Promote to Global</source>
            <translation>提升为全局</translation>
        </message>
        <message>
            <source>Use this memory in every conversation</source>
            <translation>在所有对话中使用这条记忆</translation>
        </message>
        <message>
            <source>Stop using this memory for now</source>
            <translation>暂时停止使用这条记忆</translation>
        </message>
        <message>
            <source>Open the message this memory came from</source>
            <translation>打开这条记忆来源的消息</translation>
        </message>
        <message>
            <source>Delete this memory and its history</source>
            <translation>删除这条记忆及其历史</translation>
        </message>
        <message>
            <source>Pause memory</source>
            <translation>暂停记忆</translation>
        </message>
        <message>
            <source>Current</source>
            <translation>当前有效</translation>
        </message>
        <message>
            <source>Superseded</source>
            <translation>已被取代</translation>
        </message>
        <message>
            <source>Proposed for archiving</source>
            <translation>建议归档</translation>
        </message>
        <message>
            <source>Timeline…</source>
            <translation>时间线…</translation>
        </message>
        <message>
            <source>Earlier texts and the facts this one replaced or was replaced by, with restore</source>
            <translation>早先的文本，以及它所取代或取代它的事实，可恢复</translation>
        </message>
        <message>
            <source>Changed…</source>
            <translation>已变化…</translation>
        </message>
        <message>
            <source>The fact changed: write what holds now; this one is kept as history</source>
            <translation>事实已变化：写下现在的情况；本条作为历史保留</translation>
        </message>
        <message>
            <source>Keep</source>
            <translation>保留</translation>
        </message>
        <message>
            <source>Keep using this memory; do not archive it</source>
            <translation>继续使用这条记忆，不归档</translation>
        </message>
        <message>
            <source>Archive</source>
            <translation>归档</translation>
        </message>
        <message>
            <source>1 little-used memory is proposed for archiving.</source>
            <translation>有 1 条很少使用的记忆被建议归档。</translation>
        </message>
        <message>
            <source>%1 little-used memories are proposed for archiving.</source>
            <translation>有 %1 条很少使用的记忆被建议归档。</translation>
        </message>
        <message>
            <source>While paused, nothing is learned from conversations and no learned memory is added to prompts; notes you pinned stay. What is said meanwhile is never learned later.</source>
            <translation>暂停期间不会从对话中学习，也不会把已学到的记忆加入提示词；你置顶的笔记仍会保留。暂停期间说过的内容以后也不会被学习。</translation>
        </message>
    </context>
    <context>
        <name>Skein::MemoryTableModel</name>
        <message>
            <source>Global</source>
            <translation>全局</translation>
        </message>
        <message>
            <source>Conversation</source>
            <translation>对话</translation>
        </message>
        <message>
            <source>Branch</source>
            <translation>分支</translation>
        </message>
        <message>
            <source>Preference</source>
            <translation>偏好</translation>
        </message>
        <message>
            <source>Fact</source>
            <translation>事实</translation>
        </message>
        <message>
            <source>Profile</source>
            <translation>个人资料</translation>
        </message>
        <message>
            <source>Instruction</source>
            <translation>指令</translation>
        </message>
        <message>
            <source>Task</source>
            <translation>任务</translation>
        </message>
        <message>
            <source>Pending review</source>
            <translation>待审核</translation>
        </message>
        <message>
            <source>Active</source>
            <translation>已启用</translation>
        </message>
        <message>
            <source>Disabled</source>
            <translation>已停用</translation>
        </message>
        <message>
            <source>Rejected</source>
            <translation>已拒绝</translation>
        </message>
        <message>
            <source>Injected in the selected reply</source>
            <translation>已注入所选回复</translation>
        </message>
        <message>
            <source>Confidence: %1</source>
            <translation>置信度：%1</translation>
        </message>
        <message>
            <source>Memory</source>
            <translation>记忆</translation>
        </message>
        <message>
            <source>Type</source>
            <translation>类型</translation>
        </message>
        <message>
            <source>Scope</source>
            <translation>范围</translation>
        </message>
        <message>
            <source>Status</source>
            <translation>状态</translation>
        </message>
        <message>
            <source>Uses</source>
            <translation>使用次数</translation>
        </message>
        <message>
            <source>Updated</source>
            <translation>更新时间</translation>
        </message>
        <message>
            <source>HH:mm</source>
            <comment>QTime format of today's updates</comment>
            <translation>HH:mm</translation>
        </message>
        <message>
            <source>d MMM</source>
            <comment>QDate format: day and month</comment>
            <translation>M月d日</translation>
        </message>
        <message>
            <source>Updated %1</source>
            <translation>更新于 %1</translation>
        </message>
        <message>
            <source>Ended</source>
            <translation>已结束</translation>
        </message>
        <message>
            <source>Superseded</source>
            <translation>已被取代</translation>
        </message>
        <message>
            <source>Archive?</source>
            <translation>归档？</translation>
        </message>
        <message>
            <source>Held until %1; see its timeline</source>
            <translation>有效至 %1；请查看其时间线</translation>
        </message>
        <message>
            <source>Why: %1</source>
            <translation>原因：%1</translation>
        </message>
        <message>
            <source>Pinned note</source>
            <translation>置顶笔记</translation>
        </message>
    </context>
    <context>
        <name>Skein::MessageDelegate</name>
        <message>
            <source>You</source>
            <translation>你</translation>
        </message>
        <message>
            <source>Assistant</source>
            <translation>助手</translation>
        </message>
        <message>
            <source>Tool</source>
            <translation>工具</translation>
        </message>
        <message>
            <source>Tool: %1</source>
            <translation>工具：%1</translation>
        </message>
        <message>
            <source>System</source>
            <translation>系统</translation>
        </message>
        <message>
            <source>Generating…</source>
            <translation>正在生成…</translation>
        </message>
        <message>
            <source>Interrupted — the reply stopped before it was complete.</source>
            <translation>已中断——回复在完成前停止了。</translation>
        </message>
        <message>
            <source>Stopped.</source>
            <translation>已停止。</translation>
        </message>
        <message>
            <source>Failed.</source>
            <translation>失败。</translation>
        </message>
        <message>
            <source>Failed: %1</source>
            <translation>失败：%1</translation>
        </message>
        <message>
            <source>Copy</source>
            <translation>复制</translation>
        </message>
        <message>
            <source>Reasoning</source>
            <translation>推理过程</translation>
        </message>
        <message>
            <source>Deny</source>
            <translation>拒绝</translation>
        </message>
        <message>
            <source>Result</source>
            <translation>结果</translation>
        </message>
        <message>
            <source>Tool call: %1</source>
            <translation>工具调用：%1</translation>
        </message>
        <message>
            <source>Tool call: %1 (%2)</source>
            <translation>工具调用：%1（%2）</translation>
        </message>
        <message>
            <source>Continue</source>
            <translation>继续</translation>
        </message>
        <message>
            <source>Retry</source>
            <translation>重试</translation>
        </message>
        <message>
            <source>Select Text</source>
            <translation>选择文本</translation>
        </message>
        <message>
            <source>Edit</source>
            <translation>编辑</translation>
        </message>
        <message>
            <source>Regenerate</source>
            <translation>重新生成</translation>
        </message>
        <message>
            <source>Delete</source>
            <translation>删除</translation>
        </message>
        <message>
            <source>waiting for your approval</source>
            <translation>等待你的批准</translation>
        </message>
        <message>
            <source>approved</source>
            <translation>已批准</translation>
        </message>
        <message>
            <source>running…</source>
            <translation>运行中…</translation>
        </message>
        <message>
            <source>running… %1%</source>
            <translation>运行中… %1%</translation>
        </message>
        <message>
            <source>done</source>
            <translation>完成</translation>
        </message>
        <message>
            <source>failed</source>
            <translation>失败</translation>
        </message>
        <message>
            <source>timed out</source>
            <translation>已超时</translation>
        </message>
        <message>
            <source>denied</source>
            <translation>已拒绝</translation>
        </message>
        <message>
            <source>not run</source>
            <translation>未运行</translation>
        </message>
        <message>
            <source>queued</source>
            <translation>排队中</translation>
        </message>
        <message>
            <source>Allow Once</source>
            <translation>允许一次</translation>
        </message>
        <message>
            <source>Always Allow</source>
            <translation>始终允许</translation>
        </message>
        <message>
            <source>Previous Version</source>
            <translation>上一个版本</translation>
        </message>
        <message>
            <source>Next Version</source>
            <translation>下一个版本</translation>
        </message>
        <message>
            <source>Show or Hide Reasoning</source>
            <translation>显示或隐藏推理过程</translation>
        </message>
        <message>
            <source>Show or Hide Tool Details</source>
            <translation>显示或隐藏工具详情</translation>
        </message>
        <message>
            <source>Open Link</source>
            <translation>打开链接</translation>
        </message>
        <message>
            <source>Show All or Fewer Lines of Code</source>
            <translation>显示全部或较少的代码行</translation>
        </message>
        <message>
            <source>Code</source>
            <translation>代码</translation>
        </message>
        <message>
            <source>Show fewer lines</source>
            <translation>收起</translation>
        </message>
        <message numerus="yes">
            <source>Show all %n lines</source>
            <translation>
                <numerusform>显示全部 %n 行</numerusform>
            </translation>
        </message>
        <message>
            <source>Wrap or Unwrap Long Lines</source>
            <translation>切换长行自动换行</translation>
        </message>
        <message>
            <source>Open Attachment</source>
            <translation>打开附件</translation>
        </message>
        <message numerus="yes">
            <source>%n page(s)</source>
            <translation>
                <numerusform>%n 页</numerusform>
            </translation>
        </message>
        <message>
            <source>not included in the import</source>
            <translation>导入时未包含</translation>
        </message>
        <message>
            <source>text only, the file was not included in the import</source>
            <translation>仅文本，导入的文件中没有包含该文件</translation>
        </message>
        <message>
            <source>with its pages</source>
            <translation>连同页面</translation>
        </message>
    </context>
    <context>
        <name>Skein::MessageEditor</name>
        <message>
            <source>Send as New Branch</source>
            <translation>作为新分支发送</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
        <message>
            <source>Edit message</source>
            <translation>编辑消息</translation>
        </message>
        <message>
            <source>Message text</source>
            <translation>消息文本</translation>
        </message>
        <message>
            <source>The reply to the edited message goes to a new branch; the old one stays.</source>
            <translation>对编辑后消息的回复会进入新分支；旧分支保留。</translation>
        </message>
        <message>
            <source>Send as a new branch (Enter)</source>
            <translation>作为新分支发送（Enter）</translation>
        </message>
        <message>
            <source>Send as a new branch (Ctrl+Enter)</source>
            <translation>作为新分支发送（Ctrl+Enter）</translation>
        </message>
        <message>
            <source>Keep the message as it was (Esc)</source>
            <translation>保持消息原样（Esc）</translation>
        </message>
    </context>
    <context>
        <name>Skein::MessageSelection</name>
        <message>
            <source>&amp;Copy</source>
            <translation>复制(&amp;C)</translation>
        </message>
        <message>
            <source>Select &amp;All</source>
            <translation>全选(&amp;A)</translation>
        </message>
    </context>
    <context>
        <name>Skein::ModelCall</name>
        <message>
            <source>Only a reply of the model can be continued or retried.</source>
            <translation>只有模型的回复才能继续或重试。</translation>
        </message>
        <message>
            <source>Only an interrupted or stopped reply can be continued.</source>
            <translation>只有被中断或已停止的回复才能继续。</translation>
        </message>
        <message>
            <source>a tool</source>
            <translation>某个工具</translation>
        </message>
        <message>
            <source>The reply broke off while it was calling %1; the incomplete call was not kept.</source>
            <translation>回复在调用 %1 时中断，未完成的调用没有保留。</translation>
        </message>
        <message>
            <source>Part of the reply could not be saved; what is shown is what is on disk.</source>
            <translation>回复的一部分未能保存；显示的内容即磁盘上保存的内容。</translation>
        </message>
        <message>
            <source>Another Skein process closed this reply while it was arriving (it restored the data after a crash); what was saved before stays.</source>
            <translation>另一个 Skein 进程在回复到达期间关闭了它（它在崩溃后恢复了数据）；之前保存的内容保留。</translation>
        </message>
        <message>
            <source>Part of the reply could not be saved; the reply stops where the saved text ends. %1</source>
            <translation>回复的一部分未能保存；回复止于已保存文本的结尾。%1</translation>
        </message>
        <message>
            <source>The end of the reply could not be saved. %1</source>
            <translation>回复的结尾未能保存。%1</translation>
        </message>
        <message>
            <source>The text on disk is shorter than what arrived.</source>
            <translation>磁盘上的文本比收到的内容短。</translation>
        </message>
        <message>
            <source>The message to answer belongs to another conversation.</source>
            <translation>要回复的消息属于另一个对话。</translation>
        </message>
    </context>
    <context>
        <name>Skein::ModelInfoTableModel</name>
        <message>
            <source>unknown</source>
            <translation>未知</translation>
        </message>
        <message>
            <source>Model</source>
            <translation>模型</translation>
        </message>
        <message>
            <source>Context</source>
            <translation>上下文</translation>
        </message>
        <message>
            <source>Max output</source>
            <translation>最大输出</translation>
        </message>
        <message>
            <source>Input $/M</source>
            <translation>输入 $/M</translation>
        </message>
        <message>
            <source>Output $/M</source>
            <translation>输出 $/M</translation>
        </message>
        <message>
            <source>Cached $/M</source>
            <translation>缓存 $/M</translation>
        </message>
        <message>
            <source>reads images</source>
            <translation>可读图片</translation>
        </message>
        <message>
            <source>no images</source>
            <translation>不读图片</translation>
        </message>
        <message>
            <source>not known</source>
            <translation>未知</translation>
        </message>
        <message>
            <source>Whether the model reads images. When it is not known, attached images are sent, and a server that cannot read them says so. A model without vision gets their names and sizes instead.</source>
            <translation>模型是否能读取图片。未知时会发送附加的图片，不能读取的服务器会如实告知。不支持视觉的模型只会得到图片的名称和大小。</translation>
        </message>
        <message>
            <source>Vision</source>
            <translation>视觉</translation>
        </message>
    </context>
    <context>
        <name>Skein::ModelListCall</name>
        <message>
            <source>model list</source>
            <translation>模型列表</translation>
        </message>
    </context>
    <context>
        <name>Skein::ProviderCheck</name>
        <message>
            <source>The base URL is not a full address such as https://api.openai.com/v1.</source>
            <translation>基础网址不是完整地址，例如 https://api.openai.com/v1。</translation>
        </message>
        <message numerus="yes">
            <source>Connected. The server lists %n model(s).</source>
            <translation>
                <numerusform>已连接。服务器列出了 %n 个模型。</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Skein::ProviderError</name>
        <message>
            <source>The provider reported an error without details.</source>
            <translation>服务提供方报告了一个错误，但没有提供详细信息。</translation>
        </message>
        <message>
            <source>The server answered with HTTP status %1.</source>
            <translation>服务器返回了 HTTP 状态码 %1。</translation>
        </message>
    </context>
    <context>
        <name>Skein::ProviderKeys</name>
        <message>
            <source>The API key of %1 is in the system keychain, but the keychain cannot be used here (%2). Either give the key for this run from an environment variable (skein-cli send --api-key-env VARIABLE), or run where a Secret Service is available (a desktop session, or on a headless machine gnome-keyring unlocked inside dbus-run-session).</source>
            <translation>%1 的 API 密钥保存在系统钥匙串中，但此处无法使用钥匙串（%2）。可以通过环境变量为本次运行提供密钥（skein-cli send --api-key-env 变量名），或在有 Secret Service 的环境中运行（桌面会话；无界面的机器上可在 dbus-run-session 中解锁 gnome-keyring）。</translation>
        </message>
    </context>
    <context>
        <name>Skein::ProviderKinds</name>
        <message>
            <source>the base URL contains a user name or password; give the key separately so that it is kept in the keychain, and use the URL without it</source>
            <translation>基础 URL 中包含用户名或密码；请单独提供密钥以便保存在钥匙串中，并使用不含它们的 URL</translation>
        </message>
        <message>
            <source>the base URL carries a secret in its query (%1=…); give the key separately so that it is kept in the keychain, and use the URL without it</source>
            <translation>基础 URL 的查询参数中带有机密（%1=…）；请单独提供密钥以便保存在钥匙串中，并使用不含它的 URL</translation>
        </message>
    </context>
    <context>
        <name>Skein::ProviderListModel</name>
        <message>
            <source>%1 — imported, review</source>
            <translation>%1——已导入，待审核</translation>
        </message>
        <message>
            <source>%1 (disabled)</source>
            <translation>%1（已停用）</translation>
        </message>
    </context>
    <context>
        <name>Skein::ProvidersPage</name>
        <message>
            <source>%1 (on this computer)</source>
            <translation>%1（在这台电脑上）</translation>
        </message>
        <message>
            <source>OpenAI-compatible</source>
            <translation>OpenAI 兼容</translation>
        </message>
        <message>
            <source>Anthropic</source>
            <translation>Anthropic</translation>
        </message>
        <message>
            <source>Ollama (native API)</source>
            <translation>Ollama（原生 API）</translation>
        </message>
        <message>
            <source>The providers could not be read: %1</source>
            <translation>无法读取服务商：%1</translation>
        </message>
        <message>
            <source>The base URL needs a full address such as https://api.openai.com/v1.</source>
            <translation>基础网址需要完整地址，例如 https://api.openai.com/v1。</translation>
        </message>
        <message>
            <source>Replace the example base URL with your server's address.</source>
            <translation>请把示例基础网址替换为你的服务器地址。</translation>
        </message>
        <message>
            <source>Use Fetch Models to list what the server has installed.</source>
            <translation>使用“获取模型”列出服务器上已安装的模型。</translation>
        </message>
        <message>
            <source>Paste your API key, then use Test Connection.</source>
            <translation>粘贴你的 API 密钥，然后使用“测试连接”。</translation>
        </message>
        <message>
            <source>Checking the keychain…</source>
            <translation>正在检查钥匙串…</translation>
        </message>
        <message>
            <source>✓ Stored in the system keychain. Type a new key to replace it.</source>
            <translation>✓ 已保存在系统钥匙串中。输入新密钥即可替换。</translation>
        </message>
        <message>
            <source>Stored in the keychain</source>
            <translation>已保存在钥匙串中</translation>
        </message>
        <message>
            <source>⚠ Session only: no keychain is available, so the key is kept in memory until Skein quits.</source>
            <translation>⚠ 仅限本次会话：没有可用的钥匙串，密钥只保存在内存中，直到 Skein 退出。</translation>
        </message>
        <message>
            <source>(%1)</source>
            <translation>（%1）</translation>
        </message>
        <message>
            <source>Kept for this session</source>
            <translation>仅在本次会话中保留</translation>
        </message>
        <message>
            <source>✗ Missing: no key is stored for this provider.</source>
            <translation>✗ 缺失：此服务商没有保存密钥。</translation>
        </message>
        <message>
            <source>Paste the API key</source>
            <translation>粘贴 API 密钥</translation>
        </message>
        <message>
            <source>No key stored; servers on this computer usually need none.</source>
            <translation>未保存密钥；本机服务器通常不需要密钥。</translation>
        </message>
        <message>
            <source>Optional</source>
            <translation>可选</translation>
        </message>
        <message>
            <source>✗ Missing: the keychain cannot be used, so no key is kept.</source>
            <translation>✗ 缺失：无法使用钥匙串，因此不会保存密钥。</translation>
        </message>
        <message>
            <source>Fetching the model list…</source>
            <translation>正在获取模型列表…</translation>
        </message>
        <message>
            <source>Connecting…</source>
            <translation>正在连接…</translation>
        </message>
        <message numerus="yes">
            <source>%n new model(s) added.</source>
            <translation>
                <numerusform>已添加 %n 个新模型。</numerusform>
            </translation>
        </message>
        <message>
            <source>Remove Provider</source>
            <translation>移除服务商</translation>
        </message>
        <message>
            <source>Remove %1 and its stored API key? Conversations that used it are kept.</source>
            <translation>移除 %1 及其保存的 API 密钥？使用过它的对话会保留。</translation>
        </message>
        <message>
            <source>Remove</source>
            <translation>移除</translation>
        </message>
        <message>
            <source>⚠ A key is stored in the system keychain, but the keychain cannot be used now, so requests go without it. Unlock the keychain, or paste the key to use it for this session.</source>
            <translation>⚠ 系统钥匙串中保存了密钥，但钥匙串现在无法使用，因此请求不带密钥发送。请解锁钥匙串，或粘贴密钥以在本次会话中使用。</translation>
        </message>
        <message>
            <source>Imported from a file and not used yet: nothing is sent to %1 until you turn on “Use this provider”. Check first that you know and trust this server.</source>
            <translation>从文件导入，尚未使用：在你打开“使用此服务商”之前，不会向 %1 发送任何内容。请先确认你了解并信任这个服务器。</translation>
        </message>
        <message>
            <source>The base URL was not changed: %1.</source>
            <translation>基础 URL 未更改：%1。</translation>
        </message>
    </context>
    <context>
        <name>Skein::Recovery</name>
        <message>
            <source>Skein stopped before the reply was complete.</source>
            <translation>Skein 在回复完成之前停止了。</translation>
        </message>
        <message>
            <source>reply %1 in session %2: generating → interrupted (text kept)</source>
            <translation>会话 %2 中的回复 %1：生成中 → 已中断（文本已保留）</translation>
        </message>
        <message>
            <source>session %1: still waiting for your approval of a tool call (kept)</source>
            <translation>会话 %1：仍在等待您批准一个工具调用（已保留）</translation>
        </message>
        <message numerus="yes">
            <source>session %1: %n tool call(s) without a result got an “interrupted” result</source>
            <translation>
                <numerusform>会话 %1：%n 个没有结果的工具调用已补上“已中断”结果</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>session %1: %n unfinished tool-log entr(y/ies) marked failed</source>
            <translation>
                <numerusform>会话 %1：%n 条未完成的工具日志记录已标记为失败</numerusform>
            </translation>
        </message>
        <message>
            <source>session %1: checkpoint of iteration %2 cleared</source>
            <translation>会话 %1：第 %2 轮迭代的检查点已清除</translation>
        </message>
        <message>
            <source>session %1: interrupted run marked failed</source>
            <translation>会话 %1：被中断的运行已标记为失败</translation>
        </message>
    </context>
    <context>
        <name>Skein::SearchHistoryTool</name>
        <message>
            <source>The history could not be searched: %1</source>
            <translation>无法搜索历史记录：%1</translation>
        </message>
        <message>
            <source>The database is closed.</source>
            <translation>数据库已关闭。</translation>
        </message>
        <message>
            <source>Storage failed: %1</source>
            <translation>存储失败：%1</translation>
        </message>
        <message>
            <source>The argument “query” needs at least one word to search for.</source>
            <translation>参数“query”至少需要一个可搜索的词。</translation>
        </message>
        <message>
            <source>The argument “scope” must be “conversation” or “all”.</source>
            <translation>参数“scope”必须是“conversation”或“all”。</translation>
        </message>
        <message>
            <source>There is no conversation to search; use scope “all”.</source>
            <translation>没有可搜索的对话；请使用 scope“all”。</translation>
        </message>
    </context>
    <context>
        <name>Skein::SearchResultModel</name>
        <message>
            <source>New chat</source>
            <translation>新对话</translation>
        </message>
    </context>
    <context>
        <name>Skein::SessionDelegate</name>
        <message>
            <source>Unpin</source>
            <translation>取消置顶</translation>
        </message>
        <message>
            <source>Pin</source>
            <translation>置顶</translation>
        </message>
        <message>
            <source>Delete</source>
            <translation>删除</translation>
        </message>
        <message>
            <source>More actions</source>
            <translation>更多操作</translation>
        </message>
        <message>
            <source>Incognito</source>
            <translation>无痕</translation>
        </message>
    </context>
    <context>
        <name>Skein::SessionListModel</name>
        <message>
            <source>Pinned</source>
            <translation>已置顶</translation>
        </message>
        <message>
            <source>Today</source>
            <translation>今天</translation>
        </message>
        <message>
            <source>Yesterday</source>
            <translation>昨天</translation>
        </message>
        <message>
            <source>Previous 7 days</source>
            <translation>过去 7 天</translation>
        </message>
        <message>
            <source>Older</source>
            <translation>更早</translation>
        </message>
        <message>
            <source>New chat</source>
            <translation>新对话</translation>
        </message>
        <message>
            <source>Replying</source>
            <translation>正在回复</translation>
        </message>
        <message>
            <source>Waiting for your approval</source>
            <translation>等待你的批准</translation>
        </message>
        <message>
            <source>Unread</source>
            <translation>未读</translation>
        </message>
        <message>
            <source>, </source>
            <comment>between the states of a conversation a screen reader reads</comment>
            <translation>、</translation>
        </message>
        <message>
            <source>Tags: %1</source>
            <translation>标签：%1</translation>
        </message>
        <message>
            <source>, </source>
            <comment>between tags</comment>
            <translation>、</translation>
        </message>
        <message>
            <source>Incognito</source>
            <translation>无痕</translation>
        </message>
    </context>
    <context>
        <name>Skein::SessionSidebar</name>
        <message>
            <source>Conversations</source>
            <translation>对话</translation>
        </message>
        <message>
            <source>Search all conversations (Ctrl+K)</source>
            <translation>搜索所有对话 (Ctrl+K)</translation>
        </message>
        <message>
            <source>Search conversations</source>
            <translation>搜索对话</translation>
        </message>
        <message>
            <source>New</source>
            <translation>新建</translation>
        </message>
        <message>
            <source>New chat (Ctrl+N)</source>
            <translation>新对话 (Ctrl+N)</translation>
        </message>
        <message>
            <source>New chat</source>
            <translation>新对话</translation>
        </message>
        <message>
            <source>Conversation list</source>
            <translation>对话列表</translation>
        </message>
        <message>
            <source>Search results</source>
            <translation>搜索结果</translation>
        </message>
        <message>
            <source>Undo</source>
            <translation>撤销</translation>
        </message>
        <message>
            <source>Delete</source>
            <translation>删除</translation>
        </message>
        <message>
            <source>Rename</source>
            <translation>重命名</translation>
        </message>
        <message>
            <source>Unpin</source>
            <translation>取消置顶</translation>
        </message>
        <message>
            <source>Pin</source>
            <translation>置顶</translation>
        </message>
        <message>
            <source>Duplicate</source>
            <translation>创建副本</translation>
        </message>
        <message>
            <source>Export…</source>
            <translation>导出…</translation>
        </message>
        <message>
            <source>Archive</source>
            <translation>归档</translation>
        </message>
        <message>
            <source>conversation</source>
            <translation>对话</translation>
        </message>
        <message>
            <source>Export Conversation</source>
            <translation>导出对话</translation>
        </message>
        <message>
            <source>Skein JSON, every branch (*.json)</source>
            <translation>Skein JSON，所有分支 (*.json)</translation>
        </message>
        <message>
            <source>Web page, active branch (*.html)</source>
            <translation>网页，当前分支 (*.html)</translation>
        </message>
        <message>
            <source>Web page, every branch (*.html)</source>
            <translation>网页，所有分支 (*.html)</translation>
        </message>
        <message>
            <source>PDF, active branch (*.pdf)</source>
            <translation>PDF，当前分支 (*.pdf)</translation>
        </message>
        <message>
            <source>Markdown, active branch (*.md)</source>
            <translation>Markdown，当前分支 (*.md)</translation>
        </message>
        <message>
            <source>Show conversations tagged</source>
            <translation>显示带有标签的对话</translation>
        </message>
        <message>
            <source>Show the conversations with one tag</source>
            <translation>只显示带有某个标签的对话</translation>
        </message>
        <message>
            <source>Tags…</source>
            <translation>标签…</translation>
        </message>
        <message>
            <source>All conversations</source>
            <translation>全部对话</translation>
        </message>
        <message>
            <source>%1 (%2)</source>
            <comment>a tag and how many conversations have it</comment>
            <translation>%1（%2）</translation>
        </message>
    </context>
    <context>
        <name>Skein::SessionTagsDialog</name>
        <message>
            <source>Tags</source>
            <translation>标签</translation>
        </message>
        <message>
            <source>Tags of this conversation:</source>
            <translation>此对话的标签：</translation>
        </message>
        <message>
            <source>Tags of “%1”:</source>
            <translation>“%1”的标签：</translation>
        </message>
        <message>
            <source>Tags in use</source>
            <translation>已用的标签</translation>
        </message>
        <message>
            <source>&amp;New tags, separated by commas:</source>
            <translation>新标签，用逗号分隔(&amp;N)：</translation>
        </message>
        <message>
            <source>New tags</source>
            <translation>新标签</translation>
        </message>
        <message>
            <source>e.g. work, research</source>
            <translation>例如：工作, 研究</translation>
        </message>
    </context>
    <context>
        <name>Skein::SettingsDialog</name>
        <message>
            <source>Providers</source>
            <translation>服务商</translation>
        </message>
        <message>
            <source>Context &amp; Agent</source>
            <translation>上下文与智能体</translation>
        </message>
        <message>
            <source>Memory</source>
            <translation>记忆</translation>
        </message>
        <message>
            <source>MCP Servers</source>
            <translation>MCP 服务器</translation>
        </message>
        <message>
            <source>Tool Approvals</source>
            <translation>工具批准</translation>
        </message>
        <message>
            <source>Appearance</source>
            <translation>外观</translation>
        </message>
        <message>
            <source>Data</source>
            <translation>数据</translation>
        </message>
        <message>
            <source>The settings could not be read: %1</source>
            <translation>无法读取设置：%1</translation>
        </message>
    </context>
    <context>
        <name>Skein::SettingsSaver</name>
        <message>
            <source>A setting could not be saved: %1</source>
            <translation>无法保存某项设置：%1</translation>
        </message>
    </context>
    <context>
        <name>Skein::StorageStartup</name>
        <message>
            <source>The database is damaged; nothing is written to it.</source>
            <translation>数据库已损坏；不会再向其中写入任何内容。</translation>
        </message>
        <message>
            <source>The database cannot be opened: %1</source>
            <translation>无法打开数据库：%1</translation>
        </message>
        <message>
            <source>Cannot open the database</source>
            <translation>无法打开数据库</translation>
        </message>
        <message>
            <source>Skein cannot open its database %1.

%2</source>
            <translation>Skein 无法打开数据库 %1。

%2</translation>
        </message>
        <message>
            <source>The database is damaged</source>
            <translation>数据库已损坏</translation>
        </message>
        <message>
            <source>Skein's database %1 is damaged. Skein will not write to it and will not replace it with an empty one.</source>
            <translation>Skein 的数据库 %1 已损坏。Skein 不会向其中写入，也不会用一个空数据库替换它。</translation>
        </message>
        <message>
            <source>You can export every conversation that can still be read to a file, then import that file into a fresh data folder.</source>
            <translation>你可以把所有仍可读取的会话导出到一个文件，然后将该文件导入到新的数据文件夹中。</translation>
        </message>
        <message>
            <source>Export Readable Conversations…</source>
            <translation>导出可读取的会话…</translation>
        </message>
        <message>
            <source>Continue Without Saving</source>
            <translation>不保存，继续</translation>
        </message>
        <message>
            <source>Export Readable Conversations</source>
            <translation>导出可读取的会话</translation>
        </message>
        <message>
            <source>Skein archive (*.json)</source>
            <translation>Skein 归档 (*.json)</translation>
        </message>
        <message>
            <source>Export failed</source>
            <translation>导出失败</translation>
        </message>
        <message>
            <source>Nothing could be exported: %1</source>
            <translation>没有可导出的内容：%1</translation>
        </message>
        <message numerus="yes">
            <source>%n conversation(s) saved to %1.</source>
            <translation>
                <numerusform>已将 %n 个会话保存到 %1。</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n could not be read.</source>
            <translation>
                <numerusform>有 %n 个无法读取。</numerusform>
            </translation>
        </message>
        <message>
            <source>Export finished</source>
            <translation>导出完成</translation>
        </message>
        <message>
            <source>Skein could not check its database, so it saves nothing until it is started again: %1</source>
            <translation>Skein 无法检查其数据库，因此在重新启动之前不会保存任何内容：%1</translation>
        </message>
    </context>
    <context>
        <name>Skein::StorageWriter</name>
        <message>
            <source>Skein could not save the change: the database undid it after an error of the disk.</source>
            <translation>Skein 未能保存这项更改：磁盘出错后，数据库撤销了该更改。</translation>
        </message>
    </context>
    <context>
        <name>Skein::StreamDecoder</name>
        <message>
            <source>The server sent an event larger than the allowed size.</source>
            <translation>服务器发送的事件超过了允许的大小。</translation>
        </message>
        <message>
            <source>The stream contained malformed JSON (%1 at offset %2).</source>
            <translation>数据流中包含格式错误的 JSON（%1，位于偏移量 %2）。</translation>
        </message>
        <message>
            <source>The stream contained an event that is not a JSON object.</source>
            <translation>数据流中包含一个不是 JSON 对象的事件。</translation>
        </message>
    </context>
    <context>
        <name>Skein::StreamingCall</name>
        <message>
            <source>reply</source>
            <translation>回复</translation>
        </message>
    </context>
    <context>
        <name>Skein::TerminalTurn</name>
        <message>
            <source>user message %1 saved</source>
            <translation>用户消息 %1 已保存</translation>
        </message>
        <message>
            <source>[tool] %1 %2 running</source>
            <translation>[工具] %1 %2 运行中</translation>
        </message>
        <message>
            <source>[tool] %1: %2</source>
            <translation>[工具] %1：%2</translation>
        </message>
        <message>
            <source>(stored result reused, not run again)</source>
            <translation>（复用已存储的结果，未再次运行）</translation>
        </message>
        <message>
            <source>— it needs approval and standard input is not a terminal (or --deny-tools); allow it with --allow-tool NAME</source>
            <translation>— 它需要批准，而标准输入不是终端（或使用了 --deny-tools）；可用 --allow-tool NAME 允许它</translation>
        </message>
        <message>
            <source>[agent] the reply was cut off by its output limit (%1 tokens) inside a call to %2; asking again with room for %3 tokens</source>
            <translation>[agent] 回复在调用 %2 的过程中因输出上限（%1 个令牌）被截断；正在以 %3 个令牌的空间重新请求</translation>
        </message>
        <message>
            <source>[agent] the reply was cut off by its output limit (%1 tokens) inside a call to %2; the model's limit is reached, so the model is asked to shorten it</source>
            <translation>[agent] 回复在调用 %2 的过程中因输出上限（%1 个令牌）被截断；已达到模型的上限，因此请模型缩短这次调用</translation>
        </message>
        <message>
            <source>The model wants to run %1 (%2) with these arguments:</source>
            <translation>模型想要以下列参数运行 %1（%2）：</translation>
        </message>
        <message>
            <source>Allow it? [o]nce / [a]lways for this tool / [d]eny: </source>
            <translation>是否允许？[o] 仅此一次 / [a] 始终允许此工具 / [d] 拒绝：</translation>
        </message>
    </context>
    <context>
        <name>Skein::ThreadModel</name>
        <message>
            <source>Input: %1 tokens</source>
            <translation>输入：%1 个 token</translation>
        </message>
        <message>
            <source>cached: %1</source>
            <translation>缓存：%1</translation>
        </message>
        <message>
            <source>Output: %1 tokens</source>
            <translation>输出：%1 个 token</translation>
        </message>
        <message>
            <source>reasoning: %1</source>
            <translation>推理：%1</translation>
        </message>
        <message>
            <source>Cost: $%1</source>
            <translation>费用：$%1</translation>
        </message>
        <message numerus="yes">
            <source>%n token(s)</source>
            <translation>
                <numerusform>%n 个 token</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Skein::TokenMeter</name>
        <message>
            <source>Token estimate</source>
            <translation>Token 估算</translation>
        </message>
        <message>
            <source>%1 / %2 tokens</source>
            <translation>%1 / %2 个令牌</translation>
        </message>
        <message>
            <source>%1 tokens</source>
            <translation>%1 个令牌</translation>
        </message>
        <message>
            <source>Draft ≈ %1 tokens · request ≈ %2</source>
            <translation>草稿约 %1 个 token · 请求约 %2</translation>
        </message>
        <message>
            <source> of %1</source>
            <translation>，上限 %1</translation>
        </message>
    </context>
    <context>
        <name>Skein::ToolApprovals</name>
        <message>
            <source>The description changed from “%1” to “%2”.</source>
            <translation>描述已从“%1”改为“%2”。</translation>
        </message>
        <message>
            <source>The arguments changed from %1 to %2.</source>
            <translation>参数已从 %1 改为 %2。</translation>
        </message>
        <message>
            <source>The tool's definition changed.</source>
            <translation>该工具的定义已更改。</translation>
        </message>
        <message>
            <source>Your earlier approval of %1 was revoked: </source>
            <translation>您之前对 %1 的批准已被撤销：</translation>
        </message>
    </context>
    <context>
        <name>Skein::ToolHost</name>
        <message>
            <source>Tools are unavailable: the settings could not be read (%1).</source>
            <translation>工具不可用：无法读取设置（%1）。</translation>
        </message>
        <message>
            <source>MCP server %1 starts without its environment and headers: the keychain could not give them (%2).</source>
            <translation>MCP 服务器 %1 将在没有环境变量和请求头的情况下启动：无法从钥匙串取得它们（%2）。</translation>
        </message>
    </context>
    <context>
        <name>Skein::ToolInvocation</name>
        <message>
            <source>The tool did not answer within %1 seconds.</source>
            <translation>工具在 %1 秒内没有响应。</translation>
        </message>
        <message>
            <source>The tool call was cancelled.</source>
            <translation>工具调用已取消。</translation>
        </message>
    </context>
    <context>
        <name>Skein::TopicSwitchBanner</name>
        <message>
            <source>Continue in a New Session</source>
            <translation>在新会话中继续</translation>
        </message>
        <message>
            <source>Dismiss</source>
            <translation>忽略</translation>
        </message>
        <message>
            <source>Start a fresh conversation that links back to this one, so the earlier context does not get in the way</source>
            <translation>开始一个链接回此对话的新对话，以免之前的上下文造成干扰</translation>
        </message>
        <message>
            <source>Your last message seems to start a new topic. Continue in a new session so the earlier conversation does not get in the way?</source>
            <translation>你的上一条消息似乎开始了一个新话题。要在新会话中继续，以免之前的对话造成干扰吗？</translation>
        </message>
        <message>
            <source>Your last message seems to start a new topic (“%1”). Continue in a new session so the earlier conversation does not get in the way?</source>
            <translation>你的上一条消息似乎开始了一个新话题（“%1”）。要在新会话中继续，以免之前的对话造成干扰吗？</translation>
        </message>
        <message>
            <source>New topic</source>
            <translation>新话题</translation>
        </message>
        <message>
            <source>Could not start a new session: %1</source>
            <translation>无法开始新会话：%1</translation>
        </message>
    </context>
    <context>
        <name>Skein::TopicSwitchDetector</name>
        <message>
            <source>storage is not available</source>
            <translation>存储不可用</translation>
        </message>
    </context>
    <context>
        <name>Skein::Turn</name>
        <message>
            <source>The database is not open.</source>
            <translation>数据库尚未打开。</translation>
        </message>
        <message>
            <source>This conversation has no tool call to resume.</source>
            <translation>此对话没有可继续的工具调用。</translation>
        </message>
        <message>
            <source>Stopped by the user.</source>
            <translation>已被用户停止。</translation>
        </message>
    </context>
    <context>
        <name>Skein::TurnRunner</name>
        <message>
            <source>This conversation is already running a reply; wait for it or stop it first.</source>
            <translation>此对话正在生成回复；请等待其完成或先停止它。</translation>
        </message>
        <message>
            <source>This conversation is busy in another Skein process (pid %1); try again when it is done.</source>
            <translation>此对话正被另一个 Skein 进程（pid %1）使用；请在其完成后重试。</translation>
        </message>
        <message>
            <source>Could not lock this conversation for a reply: %1.</source>
            <translation>无法为回复锁定此对话：%1。</translation>
        </message>
        <message>
            <source>This conversation is busy in another Skein process; try again when it is done.</source>
            <translation>此对话正被另一个 Skein 进程使用；请在其完成后重试。</translation>
        </message>
    </context>
    <context>
        <name>Skein::UsageChart</name>
        <message>
            <source>Usage chart</source>
            <translation>用量图表</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <translation>%1：%2</translation>
        </message>
        <message>
            <source>%1: %2 prompt + %3 completion tokens</source>
            <translation>%1：提示 %2 + 生成 %3 个令牌</translation>
        </message>
        <message>
            <source>No usage recorded in this period.</source>
            <translation>这段时间内没有用量记录。</translation>
        </message>
        <message>
            <source>Prompt tokens</source>
            <translation>提示令牌</translation>
        </message>
        <message>
            <source>Completion tokens</source>
            <translation>生成令牌</translation>
        </message>
        <message>
            <source>Cost</source>
            <translation>费用</translation>
        </message>
    </context>
    <context>
        <name>Skein::UsageModel</name>
        <message>
            <source>Total</source>
            <translation>合计</translation>
        </message>
        <message>
            <source>Untitled conversation</source>
            <translation>未命名对话</translation>
        </message>
        <message>
            <source>Unknown model</source>
            <translation>未知模型</translation>
        </message>
        <message>
            <source>Day</source>
            <translation>日期</translation>
        </message>
        <message>
            <source>Conversation</source>
            <translation>对话</translation>
        </message>
        <message>
            <source>Model</source>
            <translation>模型</translation>
        </message>
        <message>
            <source>Replies</source>
            <translation>回复数</translation>
        </message>
        <message>
            <source>Prompt tokens</source>
            <translation>提示令牌</translation>
        </message>
        <message>
            <source>Completion tokens</source>
            <translation>生成令牌</translation>
        </message>
        <message>
            <source>Cached tokens</source>
            <translation>缓存令牌</translation>
        </message>
        <message>
            <source>Cost</source>
            <translation>费用</translation>
        </message>
    </context>
    <context>
        <name>Skein::UsageView</name>
        <message>
            <source>Usage</source>
            <translation>用量</translation>
        </message>
        <message>
            <source>Period</source>
            <translation>时间段</translation>
        </message>
        <message>
            <source>Last 7 days</source>
            <translation>最近 7 天</translation>
        </message>
        <message>
            <source>Last 30 days</source>
            <translation>最近 30 天</translation>
        </message>
        <message>
            <source>Last 90 days</source>
            <translation>最近 90 天</translation>
        </message>
        <message>
            <source>All time</source>
            <translation>全部时间</translation>
        </message>
        <message>
            <source>Group by</source>
            <translation>分组方式</translation>
        </message>
        <message>
            <source>Per day</source>
            <translation>按日期</translation>
        </message>
        <message>
            <source>Per conversation</source>
            <translation>按对话</translation>
        </message>
        <message>
            <source>Per model</source>
            <translation>按模型</translation>
        </message>
        <message>
            <source>Show</source>
            <translation>显示</translation>
        </message>
        <message>
            <source>Tokens</source>
            <translation>令牌数</translation>
        </message>
        <message>
            <source>Cost</source>
            <translation>费用</translation>
        </message>
        <message>
            <source>&amp;Refresh</source>
            <translation>刷新(&amp;R)</translation>
        </message>
        <message>
            <source>Could not read usage: %1</source>
            <translation>无法读取用量：%1</translation>
        </message>
        <message>
            <source>%1 tokens · %2</source>
            <translation>%1 个令牌 · %2</translation>
        </message>
        <message>
            <source>Usage details</source>
            <translation>用量明细</translation>
        </message>
        <message>
            <source>d MMM</source>
            <comment>chart axis: day and month as a QDate format</comment>
            <translation>M月d日</translation>
        </message>
    </context>
    <context>
        <name>Skein::UtilityModelPicker</name>
        <message>
            <source>The provider's default model</source>
            <translation>服务商的默认模型</translation>
        </message>
        <message>
            <source>Same as the chat</source>
            <translation>与对话相同</translation>
        </message>
        <message>
            <source>%1 (removed)</source>
            <translation>%1（已移除）</translation>
        </message>
        <message>
            <source>Provider for semantic recall</source>
            <translation>语义召回的服务商</translation>
        </message>
        <message>
            <source>Embedding model for semantic recall</source>
            <translation>语义召回的嵌入模型</translation>
        </message>
        <message>
            <source>An embedding model, e.g. nomic-embed-text</source>
            <translation>嵌入模型，例如 nomic-embed-text</translation>
        </message>
        <message>
            <source>None (recall by words only)</source>
            <translation>无（仅按字词召回）</translation>
        </message>
    </context>
    <context>
        <name>UtilityModelPicker</name>
        <message>
            <source>Provider for summaries and memory extraction</source>
            <translation>用于摘要和记忆提取的服务商</translation>
        </message>
        <message>
            <source>Model for summaries and memory extraction</source>
            <translation>用于摘要和记忆提取的模型</translation>
        </message>
        <message>
            <source>&amp;Model:</source>
            <translation>模型(&amp;M)：</translation>
        </message>
        <message>
            <source>&amp;Provider:</source>
            <translation>服务商(&amp;P)：</translation>
        </message>
    </context>
    <context>
        <name>main</name>
        <message>
            <source>Skein, a desktop chat client for large language models.</source>
            <translation>Skein，一个大语言模型桌面聊天客户端。</translation>
        </message>
        <message>
            <source>Open the conversation ID at start (a unique prefix of it is enough).</source>
            <translation>启动时打开 ID 对应的对话（给出唯一的 ID 前缀即可）。</translation>
        </message>
    </context>
</TS>
