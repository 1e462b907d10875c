#!/usr/bin/env python3

# SPDX-FileCopyrightText: 2026 The Skein authors
#
# SPDX-License-Identifier: GPL-3.0-or-later

"""Writes Skein's llama.cpp test model: a tiny GGUF whose weights are designed, not trained.

Run inside the llama root (python3-gguf, python3-numpy); the GGUF goes to stdout:

    tests/tools/llama/llama-exec python3 - --seed 42 < make-model.py > skein-test.gguf

Same arguments, same bytes. The model is a llama-architecture network (2 layers, n_embd 128, 8
heads) with a byte-level BPE tokenizer ("gpt2" model, "gpt-2" pre-tokenizer: 256 byte tokens plus
merged words), ChatML special tokens and a Hermes-style chat template with tools, so that
`llama-server --jinja` parses its <tool_call> blocks into OpenAI tool_calls.

How it works (docs/testing.md has the behaviour): no block writes into the residual stream except
attention heads of layer 0 - head 0 raises a "tools offered" flag when the prompt holds the <tools>
token, heads 1-7 add a quasi-random function of the position (see the dice heads below). So the
logits depend on the last token, that flag and the position: the output matrix implements a small
Markov chain. After "<|im_start|>assistant\n" it writes prose (a toy grammar of word classes,
sentences ending in ".", <|im_end|> likely after a "."), or - in about 40% of the replies, only
when tools are offered - a tool call

    <tool_call>
    {"name": "calculator", "arguments": {"expression": "1+1+...+1"}}
    </tool_call><|im_end|>

whose expression has a geometric-like number of "+1" (mean about 12), so a small max_tokens often
ends the reply inside the arguments. A quarter of the calls are current_datetime with {} instead.
"""

import argparse
import math
import os
import sys
import tempfile

import gguf
import numpy as np

N_EMBD = 128
N_LAYER = 2
N_HEAD = 8
HEAD_DIM = N_EMBD // N_HEAD
N_FF = 256
N_CTX_TRAIN = 32768
ROPE_BASE = 1.0e8  # RoPE pair i turns by ROPE_BASE^(-2i/16) / rope_freqs[i] rad per position

# Residual-stream dimensions. Every token's embedding is 1 on its state dimension, 1 on BIAS and
# 1 on NOTOOLS, so every residual vector has the same norm and RMSNorm scales all of them alike.
# Layer 0 moves NOTOOLS to TOOLS after a <tools> token (the norm stays the same) and writes small
# position-dependent values into the FEAT dimensions.
(BIAS, NOTOOLS, TOOLS, MARKER, BOS, GENERIC, NL, DET, ADJ, NOUN, VERB, ADV, PREP, CONJ, COMMA, PERIOD,
 TOOLCALL, CALC, ONE, PLUS, CLOSE, DATETIME, ENDCALL, IMEND) = range(24)
FEAT = list(range(24, 31))  # one per dice head (heads 1..7)

# The dice heads (1..7). The server samples with a fixed seed, so every request draws the same
# random numbers: a model whose probabilities depend on the last token only would give every prompt
# the same reply. So head h attends to the BOS token with a score that swings with a sum of cosines
# of the query's position p (amplitudes and phases drawn from the seed); what it writes into
# FEAT[h - 1] is a quasi-random, mostly +-1 function of p, and every token's logit gets a seeded mix
# of those features (NOISE). The mix is strong enough to decide most choices by itself: the reply
# is a function of the prompt's length in tokens (and of whether tools are offered), nearly
# independent of the sampler's settings. The chain's probabilities are calibrated by simulating
# the network over many prompt lengths (calibrate()).
N_DICE = len(FEAT)
DICE_FREQUENCIES = (2.718, 2.236, 1.732, 1.414, 1.1, 0.786, 0.577)  # rad per position, RoPE pairs 0..6
DICE_AMPLITUDE = 50.0  # total score swing of a dice head (large against ln p: see dice_features)
DICE_OFFSET = 6.0  # constant score of BOS (about ln of a typical prompt length)
FEAT_SCALE = 0.05  # what a dice head writes (+-): small, so the residual's norm barely changes
NOISE = 2.0  # logit weight of one dice feature on one token (normal, seeded)
CALIBRATION_POSITIONS = (24, 8192)  # prompt lengths the probabilities hold for (log-uniform average)
CALIBRATION_RUNS = 3000
CALIBRATION_ROUNDS = 6
# RoPE pair 7 (the last dimension of a head) keeps its nominal 1e-7 rad per position: there a
# score does not depend on the distance between query and key.
FLAT = HEAD_DIM - 1

STARTERS = ["The", "A", "This", "Every", "Some", "Each"]
DET_WORDS = [" the", " a", " this", " every", " some", " each", " The", " A", " This", " Every", " Some", " Each"]
ADJ_WORDS = [" small", " quiet", " long", " bright", " simple", " careful", " old", " new", " green", " local",
             " patient", " tiny"]
NOUN_WORDS = [" model", " server", " answer", " tree", " branch", " reply", " memory", " window", " river",
              " garden", " question", " library", " message", " token", " thread", " lantern"]
VERB_WORDS = [" reads", " writes", " keeps", " finds", " grows", " answers", " opens", " follows", " holds",
              " carries", " explains", " remembers"]
ADV_WORDS = [" slowly", " today", " again", " quietly", " well", " together", " here", " often"]
PREP_WORDS = [" with", " under", " near", " for", " from", " into", " across"]
CONJ_WORDS = [" and", " but", " so"]
# Words the template and typical prompts use, so prompts are not all single bytes.
PROMPT_WORDS = ["system", "user", "assistant", "tool", " you", " are", " helpful", " Hello", " hello",
                " tools", " function", " call", " name", " arguments", " json", " object", " within",
                " XML", " tags", " of", " to", " is", " in", " on", " your", " what", " time"]

CALC_PREFIX = '\n{"name": "calculator", "arguments": {"expression": "'
DATETIME_CALL = '\n{"name": "current_datetime", "arguments": {}}\n'
CLOSE_TEXT = '"}}\n'

P_TOOL_CALL = 0.4  # after "assistant\n", when tools are offered
P_DATETIME = 0.25  # of the tool calls
P_MORE_ONES = 0.92  # after each "1": another "+1" (geometric, mean 0.92 / 0.08 = 11.5)
P_END_AFTER_PERIOD = 0.3  # <|im_end|> after "."

BASELINE = 50.0  # logit margin of every token outside a state's successors
NOTOOLS_PENALTY = 40.0  # the tool-call logit without <tools> in the prompt

TEMPLATE = r"""{%- macro render_content(content) -%}
    {%- if content is string -%}{{- content -}}
    {%- elif content is iterable -%}
        {%- for part in content -%}{%- if part.type == 'text' -%}{{- part.text -}}{%- endif -%}{%- endfor -%}
    {%- endif -%}
{%- endmacro -%}
{%- if messages[0].role == 'system' -%}
    {%- set system_message = render_content(messages[0].content) -%}
    {%- set loop_messages = messages[1:] -%}
{%- else -%}
    {%- set system_message = 'You are a helpful assistant.' -%}
    {%- set loop_messages = messages -%}
{%- endif -%}
{{- '<|im_start|>system\n' + system_message -}}
{%- if tools -%}
    {{- '\n\n# Tools\n\nYou may call one or more functions to assist with the user query.\n\n' -}}
    {{- 'You are provided with function signatures within <tools></tools> XML tags:\n<tools>' -}}
    {%- for tool in tools -%}{{- '\n' + (tool | tojson) -}}{%- endfor -%}
    {{- '\n</tools>\n\nFor each function call, return a json object with function name and arguments ' -}}
    {{- 'within <tool_call></tool_call> XML tags:\n<tool_call>\n{"name": <function-name>, ' -}}
    {{- '"arguments": <args-json-object>}\n</tool_call>' -}}
{%- endif -%}
{{- '<|im_end|>\n' -}}
{%- for message in loop_messages -%}
    {%- if message.role == 'user' -%}
        {{- '<|im_start|>user\n' + render_content(message.content) + '<|im_end|>\n' -}}
    {%- elif message.role == 'assistant' -%}
        {{- '<|im_start|>assistant' -}}
        {%- if message.content -%}{{- '\n' + render_content(message.content) -}}{%- endif -%}
        {%- if message.tool_calls -%}
            {%- for tool_call in message.tool_calls -%}
                {%- if tool_call.function is defined -%}{%- set tool_call = tool_call.function -%}{%- endif -%}
                {{- '\n<tool_call>\n{"name": "' + tool_call.name + '", "arguments": ' -}}
                {%- if tool_call.arguments is string -%}{{- tool_call.arguments -}}
                {%- else -%}{{- tool_call.arguments | tojson -}}{%- endif -%}
                {{- '}\n</tool_call>' -}}
            {%- endfor -%}
        {%- endif -%}
        {{- '<|im_end|>\n' -}}
    {%- elif message.role == 'tool' -%}
        {%- if loop.first or loop_messages[loop.index0 - 1].role != 'tool' -%}{{- '<|im_start|>user' -}}{%- endif -%}
        {{- '\n<tool_response>\n' + render_content(message.content) + '\n</tool_response>' -}}
        {%- if loop.last or loop_messages[loop.index0 + 1].role != 'tool' -%}{{- '<|im_end|>\n' -}}{%- endif -%}
    {%- endif -%}
{%- endfor -%}
{%- if add_generation_prompt -%}{{- '<|im_start|>assistant\n' -}}{%- endif -%}
"""


def bytes_to_unicode():
    """GPT-2's reversible map from bytes to printable characters (the byte-level BPE alphabet)."""
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + list(range(ord("®"), ord("ÿ") + 1))
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return {b: chr(c) for b, c in zip(bs, cs)}


BYTE_CHARS = bytes_to_unicode()


def encode(text):
    return "".join(BYTE_CHARS[b] for b in text.encode("utf-8"))


class Vocab:
    def __init__(self):
        self.tokens = []
        self.types = []
        self.ids = {}
        self.merges = []
        self.merge_set = set()

    def add(self, text, kind=gguf.TokenType.NORMAL):
        if text in self.ids:
            return self.ids[text]
        self.ids[text] = len(self.tokens)
        self.tokens.append(text)
        self.types.append(kind)
        return self.ids[text]

    def add_word(self, word):
        """A normal token for `word` with left-to-right merges from its bytes."""
        chars = encode(word)
        for i in range(2, len(chars) + 1):
            left, right = chars[: i - 1], chars[i - 1]
            self.add(left + right)
            merge = left + " " + right
            if merge not in self.merge_set:
                self.merge_set.add(merge)
                self.merges.append(merge)
        return self.ids[chars]

    def id(self, text):
        return self.ids[encode(text)]


def build_vocab():
    v = Vocab()
    for b in range(256):
        v.add(BYTE_CHARS[b])
    for word in STARTERS + DET_WORDS + ADJ_WORDS + NOUN_WORDS + VERB_WORDS + ADV_WORDS + PREP_WORDS + CONJ_WORDS + PROMPT_WORDS:
        v.add_word(word)
    # Multi-byte pieces the model writes but the tokenizer never produces (no merges lead to them).
    for text in (CALC_PREFIX, DATETIME_CALL, CLOSE_TEXT):
        v.add(encode(text))
    special = {}
    for text in ("<|endoftext|>", "<|im_start|>", "<|im_end|>"):
        special[text] = v.add(text, gguf.TokenType.CONTROL)
    for text in ("<tool_call>", "</tool_call>", "<tool_response>", "</tool_response>", "<tools>", "</tools>"):
        special[text] = v.add(text, gguf.TokenType.USER_DEFINED)
    return v, special


def make_chain(v, special):
    """The Markov chain: state -> {next token: probability}, and each token's state."""
    ids = lambda words: [v.id(w) for w in words]
    state_of = np.full(len(v.tokens), GENERIC)
    classes = {
        NL: [v.id("\n")], DET: ids(STARTERS + DET_WORDS), ADJ: ids(ADJ_WORDS), NOUN: ids(NOUN_WORDS),
        VERB: ids(VERB_WORDS), ADV: ids(ADV_WORDS), PREP: ids(PREP_WORDS), CONJ: ids(CONJ_WORDS),
        COMMA: [v.id(",")], PERIOD: [v.id(".")], TOOLCALL: [special["<tool_call>"]], CALC: [v.id(CALC_PREFIX)],
        ONE: [v.id("1")], PLUS: [v.id("+")], CLOSE: [v.id(CLOSE_TEXT)], DATETIME: [v.id(DATETIME_CALL)],
        ENDCALL: [special["</tool_call>"]], IMEND: [special["<|im_end|>"]], MARKER: [special["<tools>"]],
        BOS: [special["<|endoftext|>"]],
    }
    for state, members in classes.items():
        state_of[members] = state

    def spread(words, p):
        return {t: p / len(words) for t in ids(words)}

    im_end = special["<|im_end|>"]
    det = DET_WORDS[:6]
    det_capital = DET_WORDS[6:]
    # Anything else (a prompt that does not end with the generation prompt, e.g. a prefill, or a
    # generation past <|im_end|>): carry on with prose.
    carry_on = {**spread(det, 0.5), **spread(NOUN_WORDS, 0.5)}
    chain = {
        NL: {**spread(STARTERS, 1.0 - P_TOOL_CALL), special["<tool_call>"]: P_TOOL_CALL},
        DET: {**spread(ADJ_WORDS, 0.4), **spread(NOUN_WORDS, 0.6)},
        ADJ: {**spread(NOUN_WORDS, 0.8), **spread(ADJ_WORDS, 0.2)},
        NOUN: {**spread(VERB_WORDS, 0.7), v.id("."): 0.1, v.id(","): 0.1, **spread(PREP_WORDS, 0.1)},
        VERB: {**spread(det, 0.5), **spread(ADV_WORDS, 0.25), **spread(PREP_WORDS, 0.1), v.id("."): 0.15},
        ADV: {v.id("."): 0.5, v.id(","): 0.2, **spread(PREP_WORDS, 0.3)},
        PREP: spread(det, 1.0),
        COMMA: {**spread(CONJ_WORDS, 0.6), **spread(det, 0.4)},
        CONJ: spread(det, 1.0),
        PERIOD: {im_end: P_END_AFTER_PERIOD, **spread(det_capital, 1.0 - P_END_AFTER_PERIOD)},
        TOOLCALL: {v.id(CALC_PREFIX): 1.0 - P_DATETIME, v.id(DATETIME_CALL): P_DATETIME},
        CALC: {v.id("1"): 1.0},
        ONE: {v.id("+"): P_MORE_ONES, v.id(CLOSE_TEXT): 1.0 - P_MORE_ONES},
        PLUS: {v.id("1"): 1.0},
        CLOSE: {special["</tool_call>"]: 1.0},
        DATETIME: {special["</tool_call>"]: 1.0},
        ENDCALL: {im_end: 1.0},
        GENERIC: carry_on, IMEND: carry_on, MARKER: carry_on, BOS: carry_on,
    }
    # The choices whose rates calibrate() checks by simulation: (state, token, target rate).
    decisions = [
        (NL, special["<tool_call>"], P_TOOL_CALL),
        (TOOLCALL, v.id(DATETIME_CALL), P_DATETIME),
        (ONE, v.id(CLOSE_TEXT), 1.0 - P_MORE_ONES),
        (PERIOD, im_end, P_END_AFTER_PERIOD),
    ]
    return chain, state_of, decisions


def make_dice(rng):
    """Per dice head: (amplitude, phase) for each RoPE pair 0..6."""
    heads = []
    for _ in range(N_DICE):
        w = rng.uniform(0.2, 1.0, len(DICE_FREQUENCIES))
        heads.append([(a, rng.uniform(0.0, 2.0 * math.pi)) for a in w / w.sum() * DICE_AMPLITUDE])
    return heads


def dice_features(dice, positions):
    """What the dice heads write at each query position, as the network computes it: RoPE turns
    the query by freq * p against the BOS key at position 0, and the head's attention on BOS is
    e^s / (e^s + p) against the p other keys, whose scores are 0."""
    p = np.asarray(positions, dtype=np.float64)
    f = np.empty((len(p), len(dice)))
    for h, head in enumerate(dice):
        score = DICE_OFFSET + sum(a * np.cos(freq * p + phase) for freq, (a, phase) in zip(DICE_FREQUENCIES, head))
        w = 1.0 / (1.0 + p * np.exp(-score))
        f[:, h] = 2.0 * w - 1.0
    return f


def softmax_rows(z):
    z = np.exp(z - z.max(axis=1, keepdims=True))
    return z / z.sum(axis=1, keepdims=True)


def simulate(model, logits, starts, tools, rng, max_steps=600):
    """Generates replies from every start position at once, as the server would (temperature 1,
    no truncation). Returns (visits per state, {(state, token): count}, reply lengths, pluses)."""
    chain, state_of, noise, features = model["chain"], model["state_of"], model["noise"], model["features"]
    tool_call, plus, im_end = model["tool_call"], model["plus"], model["im_end"]
    n = len(starts)
    p = starts.copy()
    state = np.full(n, NL)
    alive = np.ones(n, dtype=bool)
    length = np.zeros(n, dtype=int)
    pluses = np.zeros(n, dtype=int)
    visits, taken = {}, {}
    for _ in range(max_steps):
        if not alive.any():
            break
        for s in np.unique(state[alive]):
            rows = np.nonzero(alive & (state == s))[0]
            tokens = list(chain[s])
            z = logits[s] + features[p[rows]] @ noise[tokens].T
            if s == NL and not tools:
                z[:, tokens.index(tool_call)] -= NOTOOLS_PENALTY
            prob = softmax_rows(z)
            u = rng.random(len(rows))
            pick = np.minimum((prob.cumsum(axis=1) < u[:, None]).sum(axis=1), len(tokens) - 1)
            chosen = np.array(tokens)[pick]
            visits[s] = visits.get(s, 0) + len(rows)
            for t in np.unique(chosen):
                taken[(s, t)] = taken.get((s, t), 0) + int((chosen == t).sum())
            state[rows] = state_of[chosen]
            pluses[rows] += chosen == plus
            length[rows] += 1
            p[rows] += 1
            alive[rows] = chosen != im_end
    return visits, taken, length, pluses


def start_positions(rng, n):
    """Query positions of the first generated token, log-uniform over CALIBRATION_POSITIONS."""
    lo, hi = (math.log(x) for x in CALIBRATION_POSITIONS)
    return np.exp(rng.uniform(lo, hi, n)).astype(int)


def calibrate(model, rng):
    """Logits per state such that, over prompt lengths, the replies follow the chain: first each
    state's softmax averaged over positions is made to match its target, then the key decisions'
    rates are corrected by simulating whole replies (consecutive positions are correlated)."""
    chain, noise, features = model["chain"], model["noise"], model["features"]
    sample = features[start_positions(rng, 1500)]
    logits = {}
    for s, successors in chain.items():
        tokens = list(successors)
        target = np.array([successors[t] for t in tokens])
        z = np.log(target)
        if len(tokens) > 1:
            eps = sample @ noise[tokens].T
            for _ in range(40):
                z += np.log(target / softmax_rows(z + eps).mean(axis=0))
        logits[s] = z - z.max()
    starts = start_positions(rng, CALIBRATION_RUNS)
    for _ in range(CALIBRATION_ROUNDS):
        visits, taken, _, _ = simulate(model, logits, starts, True, rng, max_steps=300)
        for s, token, target in model["decisions"]:
            rate = np.clip(taken.get((s, token), 0) / max(visits.get(s, 0), 1), 1e-4, 1 - 1e-4)
            i = list(chain[s]).index(token)
            logits[s][i] += math.log(target / (1 - target)) - math.log(rate / (1 - rate))
    return logits


def report(model, logits, rng):
    starts = start_positions(rng, CALIBRATION_RUNS)
    for tools in (True, False):
        visits, taken, length, pluses = simulate(model, logits, starts, tools, rng)
        rates = ", ".join(f"{taken.get((s, t), 0) / max(visits.get(s, 0), 1):.3f} (want {want:.2f})"
                          for s, t, want in model["decisions"])
        calls = pluses[pluses > 0]
        print(f"simulated, tools {'offered' if tools else 'not offered'}: decision rates {rates}; "
              f"reply tokens median {int(np.median(length))}, p90 {int(np.percentile(length, 90))}; "
              f"'+' per calculator call mean {calls.mean() if len(calls) else 0:.1f}", file=sys.stderr)


def build_weights(v, special, rng, show_report):
    n_vocab = len(v.tokens)
    chain, state_of, decisions = make_chain(v, special)
    dice = make_dice(rng)
    noise = rng.normal(0.0, NOISE, (n_vocab, N_DICE))
    model = {
        "chain": chain, "state_of": state_of, "decisions": decisions, "noise": noise,
        "features": dice_features(dice, np.arange(CALIBRATION_POSITIONS[1] + 700)),
        "tool_call": special["<tool_call>"], "plus": v.id("+"), "im_end": special["<|im_end|>"],
    }
    sim_rng = np.random.default_rng(int(rng.integers(1 << 30)))
    logits = calibrate(model, sim_rng)
    if show_report:
        report(model, logits, sim_rng)

    embd = np.zeros((n_vocab, N_EMBD), dtype=np.float32)
    embd[np.arange(n_vocab), state_of] = 1.0
    embd[:, BIAS] = 1.0
    embd[:, NOTOOLS] = 1.0
    norm = math.sqrt(N_EMBD / 3.0)  # RMSNorm's factor for every residual vector (three ones)

    out = np.zeros((n_vocab, N_EMBD), dtype=np.float32)
    out[:, BIAS] = -BASELINE
    for s, successors in chain.items():
        out[list(successors), s] = BASELINE + logits[s]
    out[special["<tool_call>"], NOTOOLS] = -NOTOOLS_PENALTY
    out[:, FEAT] = noise / FEAT_SCALE

    zeros = lambda *shape: np.zeros(shape, dtype=np.float32)
    q, k, val, o = (zeros(N_EMBD, N_EMBD) for _ in range(4))
    # Head 0: a score of 25 for a <tools> key, 0 for every other key (scores are q.k / sqrt(16)).
    qk = 10.0 / norm
    q[FLAT, BIAS] = qk
    k[FLAT, MARKER] = qk
    val[0, MARKER] = 1.0 / norm
    o[TOOLS, 0] = 1.0
    o[NOTOOLS, 0] = -1.0
    # Heads 1..7: BOS against everything else, with a score that turns with the query's position.
    offset = math.sqrt(4.0 * DICE_OFFSET) / norm
    for h, head in enumerate(dice, start=1):
        base = h * HEAD_DIM
        for pair, (amplitude, phase) in enumerate(head):
            a = math.sqrt(4.0 * amplitude) / norm
            q[base + 2 * pair, BIAS] = a * math.cos(phase)
            q[base + 2 * pair + 1, BIAS] = a * math.sin(phase)
            k[base + 2 * pair, BOS] = a
        q[base + FLAT, BIAS] = offset
        k[base + FLAT, BOS] = offset
        val[base, BOS] = 1.0 / norm  # BOS's value: 1 in head dim 0; every other token's: 1 in dim 1
        val[base + 1, BIAS] = 1.0 / norm
        val[base + 1, BOS] = -1.0 / norm
        o[FEAT[h - 1], base] = FEAT_SCALE
        o[FEAT[h - 1], base + 1] = -FEAT_SCALE
    nominal = ROPE_BASE ** (-2.0 * np.arange(HEAD_DIM // 2) / HEAD_DIM)
    rope_freqs = np.ones(HEAD_DIM // 2)
    rope_freqs[: len(DICE_FREQUENCIES)] = nominal[: len(DICE_FREQUENCIES)] / np.array(DICE_FREQUENCIES)

    tensors = {
        "token_embd.weight": embd,
        "output_norm.weight": np.full(N_EMBD, 1.0 / norm),
        "output.weight": out,
        "rope_freqs.weight": rope_freqs,
    }
    for layer in range(N_LAYER):
        p = f"blk.{layer}."
        if layer > 0:
            # Inert random weights: the block's output projection is zero.
            q, k, val = ((rng.standard_normal((N_EMBD, N_EMBD)) * 0.02) for _ in range(3))
            o = zeros(N_EMBD, N_EMBD)
        tensors[p + "attn_norm.weight"] = np.ones(N_EMBD)
        tensors[p + "attn_q.weight"] = q
        tensors[p + "attn_k.weight"] = k
        tensors[p + "attn_v.weight"] = val
        tensors[p + "attn_output.weight"] = o
        tensors[p + "ffn_norm.weight"] = np.ones(N_EMBD)
        tensors[p + "ffn_gate.weight"] = rng.standard_normal((N_FF, N_EMBD)) * 0.02
        tensors[p + "ffn_up.weight"] = rng.standard_normal((N_FF, N_EMBD)) * 0.02
        tensors[p + "ffn_down.weight"] = zeros(N_EMBD, N_FF)
    return {name: np.ascontiguousarray(t, dtype=np.float32) for name, t in tensors.items()}


def write(path, seed, report=False):
    rng = np.random.default_rng(seed)
    v, special = build_vocab()
    tensors = build_weights(v, special, rng, report)

    w = gguf.GGUFWriter(path, "llama")
    w.add_name("skein-test")
    w.add_description(f"Skein's generated test model (tests/tools/llama/make-model.py, seed {seed})")
    w.add_context_length(N_CTX_TRAIN)
    w.add_embedding_length(N_EMBD)
    w.add_block_count(N_LAYER)
    w.add_feed_forward_length(N_FF)
    w.add_head_count(N_HEAD)
    w.add_head_count_kv(N_HEAD)
    w.add_rope_dimension_count(HEAD_DIM)
    w.add_rope_freq_base(ROPE_BASE)
    w.add_layer_norm_rms_eps(1e-6)
    w.add_vocab_size(len(v.tokens))
    w.add_file_type(gguf.LlamaFileType.ALL_F32)
    # Plain sampling by default: the chain's probabilities are the probabilities of the replies
    # (top-p or a low temperature would cut off the rarer branches, e.g. the end of an expression).
    w.add_sampling_temp(1.0)
    w.add_sampling_top_k(0)
    w.add_sampling_top_p(1.0)
    w.add_sampling_min_p(0.0)

    w.add_tokenizer_model("gpt2")
    w.add_tokenizer_pre("gpt-2")
    w.add_token_list(v.tokens)
    w.add_token_types(v.types)
    w.add_token_merges(v.merges)
    w.add_bos_token_id(special["<|endoftext|>"])
    w.add_eos_token_id(special["<|im_end|>"])
    w.add_pad_token_id(special["<|endoftext|>"])
    w.add_add_bos_token(True)  # the dice heads measure the distance to it
    w.add_chat_template(TEMPLATE)

    for name, data in tensors.items():
        w.add_tensor(name, data)
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--output", help="file to write (default: stdout)")
    parser.add_argument("--report", action="store_true", help="print the simulated behaviour to stderr")
    args = parser.parse_args()
    if args.output:
        write(args.output, args.seed, args.report)
        return
    with tempfile.TemporaryDirectory() as tmp:  # GGUFWriter seeks: write a file, then copy it out
        path = os.path.join(tmp, "model.gguf")
        write(path, args.seed, args.report)
        with open(path, "rb") as f:
            sys.stdout.buffer.write(f.read())


if __name__ == "__main__":
    main()
