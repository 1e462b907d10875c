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
        <name>LlmError</name>
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
    </context>
    <context>
        <name>Skein::AboutDialog</name>
        <message>
            <source>%1 %2</source>
            <translation>%1 %2</translation>
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
        <name>Skein::ChatTurn</name>
        <message>
            <source>Only a reply of the model can be continued or retried.</source>
            <translation>只有模型的回复才能继续或重试。</translation>
        </message>
        <message>
            <source>Only an interrupted or stopped reply can be continued.</source>
            <translation>只有被中断或已停止的回复才能继续。</translation>
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
            <translation>以 JSON 格式输出。</translation>
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
            <source>json (default) or markdown.</source>
            <translation>json（默认）或 markdown。</translation>
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
            <source>Read the API key from this environment variable and keep it in the keychain.</source>
            <translation>从此环境变量读取 API 密钥并保存到钥匙串中。</translation>
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
            <translation>服务提供方的基础 URL，不使用已保存的密钥。</translation>
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
            <source>--format must be json or markdown</source>
            <translation>--format 必须是 json 或 markdown</translation>
        </message>
        <message>
            <source>usage: export --all -o FILE</source>
            <translation>用法：export --all -o FILE</translation>
        </message>
        <message>
            <source>usage: export ID [-o FILE] [--format json|markdown]</source>
            <translation>用法：export ID [-o FILE] [--format json|markdown]</translation>
        </message>
        <message>
            <source>usage: import FILE [--json]</source>
            <translation>用法：import FILE [--json]</translation>
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
            <source>cannot read the API key of %1 from the keychain: %2</source>
            <translation>无法从钥匙串读取 %1 的 API 密钥：%2</translation>
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
            <source>the keychain is not available, so the key was not stored: %1</source>
            <translation>钥匙串不可用，因此未保存密钥：%1</translation>
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
            <translation>--base-url 需要配合 --kind openai、anthropic 或 ollama 使用</translation>
        </message>
        <message>
            <source>no model given; use --model or set the provider's default model</source>
            <translation>未指定模型；请使用 --model 或设置服务提供方的默认模型</translation>
        </message>
        <message>
            <source>user message %1 saved</source>
            <translation>用户消息 %1 已保存</translation>
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
            <source>model	context	max output	input $/M	output $/M	cached $/M</source>
            <translation>模型	上下文	最大输出	输入 $/M	输出 $/M	缓存 $/M</translation>
        </message>
        <message>
            <source>usage: providers set-model NAME MODEL [--context-window N] [--max-output N] [--input-price USD] [--output-price USD] [--cached-price USD]</source>
            <translation>用法：providers set-model NAME MODEL [--context-window N] [--max-output N] [--input-price USD] [--output-price USD] [--cached-price USD]</translation>
        </message>
        <message>
            <source>--%1 needs a number of at least 0</source>
            <translation>--%1 需要一个不小于 0 的数字</translation>
        </message>
        <message>
            <source>usage: providers list|add|remove|models|set-model</source>
            <translation>用法：providers list|add|remove|models|set-model</translation>
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
        <name>Skein::Database</name>
        <message>
            <source>This data was written by a newer version of Skein (schema %1; this version supports up to %2). It is opened read-only; update Skein to make changes.</source>
            <translation>这些数据由更新版本的 Skein 写入（数据结构版本 %1；此版本最高支持 %2）。已以只读方式打开；请更新 Skein 后再进行修改。</translation>
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
            <source>Memories: %1 imported, %2 already present.</source>
            <translation>记忆：导入 %1 条，已存在 %2 条。</translation>
        </message>
        <message>
            <source>Providers: %1 imported, %2 already present.</source>
            <translation>服务商：导入 %1 个，已存在 %2 个。</translation>
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
            <source>*(still being generated)*</source>
            <translation>*（仍在生成中）*</translation>
        </message>
        <message>
            <source>*(interrupted)*</source>
            <translation>*（已中断）*</translation>
        </message>
        <message>
            <source>*(stopped by the user)*</source>
            <translation>*（已被用户停止）*</translation>
        </message>
        <message>
            <source>*(failed)*</source>
            <translation>*（失败）*</translation>
        </message>
        <message>
            <source>*(failed: %1)*</source>
            <translation>*（失败：%1）*</translation>
        </message>
        <message>
            <source>Untitled conversation</source>
            <translation>无标题会话</translation>
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
        <name>Skein::MainWindow</name>
        <message>
            <source>Conversations</source>
            <translation>会话</translation>
        </message>
        <message>
            <source>Search all conversations (Ctrl+K)</source>
            <translation>搜索所有会话（Ctrl+K）</translation>
        </message>
        <message>
            <source>Search conversations</source>
            <translation>搜索会话</translation>
        </message>
        <message>
            <source>No conversations yet</source>
            <translation>还没有会话</translation>
        </message>
        <message>
            <source>Press Ctrl+N to start a new chat.</source>
            <translation>按 Ctrl+N 开始新的对话。</translation>
        </message>
        <message>
            <source>Welcome to Skein</source>
            <translation>欢迎使用 Skein</translation>
        </message>
        <message>
            <source>Your conversations are trees: edit or regenerate any message to branch. Add a provider in Settings, then start a chat.</source>
            <translation>你的会话是一棵树：编辑或重新生成任意一条消息即可创建分支。先在“设置”中添加服务商，然后开始对话。</translation>
        </message>
        <message>
            <source>Branches</source>
            <translation>分支</translation>
        </message>
        <message>
            <source>The tree of the open conversation appears here. Click a node to switch branch.</source>
            <translation>当前会话的树形结构显示在这里。点击节点即可切换分支。</translation>
        </message>
        <message>
            <source>Memory</source>
            <translation>记忆</translation>
        </message>
        <message>
            <source>Long-term memories, where each came from, and the ones waiting for your review.</source>
            <translation>长期记忆、每条记忆的来源，以及等待你审核的记忆。</translation>
        </message>
        <message>
            <source>Context</source>
            <translation>上下文</translation>
        </message>
        <message>
            <source>Exactly what the model sees for the selected reply: budget, messages, summaries and memories.</source>
            <translation>所选回复发送给模型的确切内容：预算、消息、摘要和记忆。</translation>
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
            <source>&amp;Copy</source>
            <translation>复制(&amp;C)</translation>
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
            <source>&amp;Pin</source>
            <translation>置顶(&amp;P)</translation>
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
        <name>Skein::Recovery</name>
        <message>
            <source>Skein stopped before the reply was complete.</source>
            <translation>Skein 在回复完成之前停止了。</translation>
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
            <translation>Skein 归档文件 (*.json)</translation>
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
        <name>main</name>
        <message>
            <source>Skein, a desktop chat client for large language models.</source>
            <translation>Skein，一个大语言模型桌面聊天客户端。</translation>
        </message>
    </context>
</TS>
