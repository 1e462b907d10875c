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
    <name>Skein::AboutDialog</name>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
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
        <source>unknown command &apos;%1&apos;; try --help</source>
        <translation>未知命令“%1”；请查看 --help</translation>
    </message>
    <message>
        <source>Commands:
  info        Show where data lives and the library versions
</source>
        <translation>命令：
  info        显示数据所在位置和各组件版本
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
        <source>User interface language: en or zh_CN (default: the system&apos;s).</source>
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
</context>
<context>
    <name>main</name>
    <message>
        <source>Skein, a desktop chat client for large language models.</source>
        <translation>Skein，一个大语言模型桌面聊天客户端。</translation>
    </message>
</context>
</TS>
