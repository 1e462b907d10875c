// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "longconversation.h"

#include <QSet>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Skein::Bench {

namespace {

const QStringList kNames {u"Tomasz"_s, u"Ingrid"_s, u"Amara"_s, u"Kenji"_s,   u"Lucía"_s,  u"Farid"_s,
                          u"Maeve"_s,  u"Oskar"_s,  u"Priya"_s, u"Ruben"_s,   u"Signe"_s,  u"Teodor"_s,
                          u"Yusuf"_s,  u"Zofia"_s,  u"Anouk"_s, u"Bastien"_s, u"Chiara"_s, u"Dmitri"_s};
const QStringList kRelations {u"sister"_s,    u"brother"_s,  u"cousin"_s, u"neighbour"_s,
                              u"colleague"_s, u"flatmate"_s, u"aunt"_s,   u"uncle"_s};
const QStringList kCities {u"Leeds"_s,  u"Osaka"_s,    u"Porto"_s, u"Tallinn"_s, u"Cork"_s,    u"Valencia"_s,
                           u"Gdansk"_s, u"Winnipeg"_s, u"Ghent"_s, u"Bergen"_s,  u"Trieste"_s, u"Hobart"_s};
const QStringList kAnimals {u"greyhound"_s, u"tortoise"_s, u"parrot"_s,    u"ferret"_s,
                            u"beagle"_s,    u"rabbit"_s,   u"chinchilla"_s};
const QStringList kPetNames {u"Biscuit"_s, u"Pickle"_s,     u"Mochi"_s,  u"Juniper"_s,
                             u"Waffles"_s, u"Clementine"_s, u"Bramble"_s};
const QStringList kJobs {u"paramedic"_s,   u"cartographer"_s, u"sound engineer"_s, u"pastry chef"_s,
                         u"tax adviser"_s, u"glassblower"_s,  u"park ranger"_s};
const QStringList kHobbies {u"bouldering"_s,    u"pottery"_s,     u"fencing"_s,     u"choir singing"_s,
                            u"salsa dancing"_s, u"woodturning"_s, u"birdwatching"_s};
const QStringList kDays {u"Monday"_s, u"Tuesday"_s, u"Wednesday"_s, u"Thursday"_s, u"Friday"_s, u"Saturday"_s};
const QStringList kFoods {u"hazelnuts"_s, u"shellfish"_s, u"sesame"_s, u"kiwi fruit"_s, u"celery"_s};
const QStringList kColours {u"teal"_s, u"mustard yellow"_s, u"burgundy"_s, u"silver"_s, u"olive green"_s};
const QStringList kBooks {u"The Salt Road"_s, u"Lanterns in Fog"_s, u"A Map of Small Hours"_s, u"Winter Orchard"_s,
                          u"The Glass Archive"_s};
const QStringList kDrinks {u"flat white"_s, u"oolong tea"_s, u"cortado"_s, u"matcha latte"_s, u"rooibos"_s};

// Filler: what people say in a long chat that is about nothing in particular.
const QStringList kOpeners {
    u"I spent most of the weekend %1, which was more tiring than I expected."_s,
    u"Yesterday I tried %1 again and it went surprisingly well."_s,
    u"Honestly I have not had much time for %1 lately."_s,
    u"A friend asked me whether %1 is worth the effort."_s,
    u"I keep reading articles about %1 and every one says something different."_s,
    u"The weather was grey all day, so I stayed in and thought about %1."_s,
};
const QStringList kActivities {u"sorting out the garden shed"_s,
                               u"cooking a big pot of lentil soup"_s,
                               u"cleaning the bicycle chain"_s,
                               u"reorganising the bookshelves"_s,
                               u"practising scales on the piano"_s,
                               u"planning next month's budget"_s,
                               u"repotting the houseplants"_s,
                               u"watching old documentaries"_s,
                               u"learning a few phrases of Portuguese"_s,
                               u"fixing the dripping kitchen tap"_s,
                               u"walking along the canal"_s,
                               u"baking rye bread"_s};
const QStringList kFollowUps {
    u"Do you have any tips for keeping at it when motivation runs low?"_s,
    u"What would you do differently if you were starting out?"_s,
    u"I wonder if there is a simpler way to go about it."_s,
    u"Anyway, tell me what you think."_s,
    u"It made me think about how routines change over the years."_s,
};
const QStringList kReplies {
    u"That sounds like a good use of the time; small steps add up faster than people expect."_s,
    u"A simple checklist usually helps, and it is fine to skip a week when life gets busy."_s,
    u"Starting with the easiest part first tends to build momentum for the rest."_s,
    u"It might help to set a fixed time for it, so it becomes a habit rather than a decision."_s,
    u"Keeping a short note of what worked makes the next attempt a lot easier."_s,
    u"Plenty of people find the middle stretch the hardest; the end is usually quicker."_s,
};

template<typename T> const T &pick(const QList<T> &list, std::mt19937 &rng)
{
    return list.at(qsizetype(rng() % quint32(list.size())));
}

struct Planted
{
    int turn = 0;
    bool user = true; // said by the user, else by the assistant
    QString text;
};

struct Fact
{
    QString kind;
    QList<Planted> evidence;
    QList<Planted> superseded; // said earlier and no longer true
    QString question;
};

QList<Fact> plantFacts(int turns, std::mt19937 &rng)
{
    QList<Fact> facts;
    QStringList names = kNames;
    std::shuffle(names.begin(), names.end(), rng);
    int nextName = 0;
    auto name = [&] { return names.at(nextName++ % names.size()); };
    auto turnIn = [&](double from, double to) { return int(from * turns) + int(rng() % quint32((to - from) * turns)); };

    const QString n1 = name();
    const QString animal = pick(kAnimals, rng);
    facts.append({u"single"_s,
                  {{turnIn(0.02, 0.7), true,
                    u"Oh, news from home: my %1 %2 adopted a %3 called %4."_s.arg(pick(kRelations, rng), n1, animal,
                                                                                  pick(kPetNames, rng))}},
                  {},
                  u"What is the name of %1's %2?"_s.arg(n1, animal)});
    const QString n2 = name();
    facts.append({u"single"_s,
                  {{turnIn(0.02, 0.7), true, u"%1 just started a new job as a %2."_s.arg(n2, pick(kJobs, rng))}},
                  {},
                  u"What job did %1 start?"_s.arg(n2)});
    const QString hobby = pick(kHobbies, rng);
    facts.append({u"single"_s,
                  {{turnIn(0.02, 0.7), true,
                    u"I signed up for %1 classes, they meet every %2 evening."_s.arg(hobby, pick(kDays, rng))}},
                  {},
                  u"On which day are my %1 classes?"_s.arg(hobby)});
    facts.append(
        {u"single"_s,
         {{turnIn(0.02, 0.7), true,
           u"The doctor confirmed that I am allergic to %1, so I need to check labels now."_s.arg(pick(kFoods, rng))}},
         {},
         u"Which food am I allergic to?"_s});
    const QString n3 = name();
    facts.append({u"single"_s,
                  {{turnIn(0.02, 0.7), true,
                    u"%1 lent me the novel \"%2\" and says I will love it."_s.arg(n3, pick(kBooks, rng))}},
                  {},
                  u"Which novel did %1 lend me?"_s.arg(n3)});
    facts.append(
        {u"single"_s,
         {{turnIn(0.02, 0.7), false,
           u"Noted: your new car is %1, and you said you chose it for the colour."_s.arg(pick(kColours, rng))}},
         {},
         u"What colour is my new car?"_s});
    // Two turns: who the person is, then what they did.
    const QString relation = pick(kRelations, rng);
    const QString n4 = name();
    const int intro = turnIn(0.02, 0.4);
    facts.append({u"two-hop"_s,
                  {{intro, true, u"My %1 is called %2, we have been close since school."_s.arg(relation, n4)},
                   {intro + 10 + int(rng() % quint32(turns / 4)), true,
                    u"%1 is moving to %2 for work at the end of the month."_s.arg(n4, pick(kCities, rng))}},
                  {},
                  u"Which city is my %1 moving to?"_s.arg(relation)});
    // Facts that change: the later turn is the evidence.
    QStringList cities = kCities;
    std::shuffle(cities.begin(), cities.end(), rng);
    facts.append({u"update"_s,
                  {{turnIn(0.55, 0.9), true,
                    u"Big change: we moved away from %1 and now live in %2, since last month."_s.arg(cities.at(0),
                                                                                                     cities.at(1))}},
                  {{turnIn(0.02, 0.4), true, u"I live in %1, in a flat near the station."_s.arg(cities.at(0))}},
                  u"Which city do I live in now?"_s});
    QStringList drinks = kDrinks;
    std::shuffle(drinks.begin(), drinks.end(), rng);
    facts.append(
        {u"update"_s,
         {{turnIn(0.55, 0.9), true,
           u"These days I have switched to %1 in the mornings instead of %2."_s.arg(drinks.at(1), drinks.at(0))}},
         {{turnIn(0.02, 0.4), true, u"My morning drink is always a %1."_s.arg(drinks.at(0))}},
         u"What do I drink in the mornings these days?"_s});
    return facts;
}

} // namespace

QString fillerText(std::mt19937 &rng)
{
    return pick(kOpeners, rng).arg(pick(kActivities, rng)) + u' ' + pick(kFollowUps, rng);
}

LongConversation generateConversation(const QString &sessionId, int turns, quint32 seed)
{
    std::mt19937 rng(seed);
    const QList<Fact> facts = plantFacts(turns, rng);
    QHash<int, Planted> userAt;
    QHash<int, Planted> assistantAt;
    auto place = [&](const Planted &p) {
        QHash<int, Planted> &at = p.user ? userAt : assistantAt;
        int turn = std::clamp(p.turn, 1, turns - 2);
        while (at.contains(turn))
            turn = turn % (turns - 2) + 1;
        at.insert(turn, p);
    };
    for (const Fact &f : facts) {
        for (const Planted &p : f.evidence)
            place(p);
        for (const Planted &p : f.superseded)
            place(p);
    }
    LongConversation out;
    QHash<QString, QString> idOfText;
    QString parent;
    qint64 t = 1'767'225'600'000; // 2026-01-01
    for (int i = 0; i < turns; ++i) {
        const QString userText = userAt.contains(i) ? fillerText(rng) + u' ' + userAt.value(i).text : fillerText(rng);
        Message u = Message::create(sessionId, parent, Role::User, userText);
        const QString reply = pick(kReplies, rng) + u' ' + pick(kReplies, rng);
        Message a = Message::create(sessionId, u.id, Role::Assistant,
                                    assistantAt.contains(i) ? assistantAt.value(i).text + u' ' + reply : reply);
        u.createdAt = t += 3'600'000;
        a.createdAt = t += 20'000;
        if (userAt.contains(i))
            idOfText.insert(userAt.value(i).text, u.id);
        if (assistantAt.contains(i))
            idOfText.insert(assistantAt.value(i).text, a.id);
        parent = a.id;
        out.messages << u << a;
    }
    for (const Fact &f : facts) {
        PlantedQuestion q {f.kind, f.question, {}};
        for (const Planted &p : f.evidence)
            q.evidenceIds << idOfText.value(p.text);
        out.questions << q;
    }
    return out;
}

} // namespace Skein::Bench
