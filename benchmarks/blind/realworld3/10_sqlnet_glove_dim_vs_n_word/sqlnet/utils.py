import json
import numpy as np
import torch

AGG_OPS = ['', 'MAX', 'MIN', 'COUNT', 'SUM', 'AVG']


def load_word_emb(file_name):
    print('Loading word embedding from %s' % file_name)
    ret = {}
    with open(file_name) as inf:
        for idx, line in enumerate(inf):
            info = line.strip().split(' ')
            if info[0].lower() not in ret:
                ret[info[0]] = np.array(list(map(lambda x: float(x), info[1:])))
    return ret


def load_dataset(n, seed):
    """toy WikiSQL-style questions: the aggregation op is signalled by a keyword"""
    rng = np.random.RandomState(seed)
    keywords = {1: 'highest', 2: 'lowest', 3: 'many', 4: 'total', 5: 'average'}
    filler = ['what', 'is', 'the', 'name', 'of', 'player', 'team', 'position', 'who', 'school',
              'club', 'score', 'country', 'year', 'season', 'college', 'games', 'played']
    sql_data = []
    for _ in range(n):
        agg = int(rng.randint(0, 6))
        q = list(rng.choice(filler, size=rng.randint(4, 10)))
        if agg:
            q.insert(rng.randint(0, len(q)), keywords[agg])
        sql_data.append({'question_tok': q, 'sql': {'agg': agg}})
    return sql_data


def to_batch_seq(sql_data, idxes, st, ed):
    q_seq, ans_seq = [], []
    for i in range(st, ed):
        sql = sql_data[idxes[i]]
        q_seq.append(sql['question_tok'])
        ans_seq.append(sql['sql']['agg'])
    return q_seq, ans_seq


def epoch_train(model, optimizer, batch_size, sql_data):
    model.train()
    perm = np.random.permutation(len(sql_data))
    cum_loss = 0.0
    st = 0
    while st < len(sql_data):
        ed = min(st + batch_size, len(sql_data))
        q_seq, ans_seq = to_batch_seq(sql_data, perm, st, ed)
        score = model(q_seq)
        loss = model.loss(score, ans_seq)
        cum_loss += loss.item() * (ed - st)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        st = ed
    return cum_loss / len(sql_data)


def epoch_acc(model, batch_size, sql_data):
    model.eval()
    idx = list(range(len(sql_data)))
    q_seq, ans_seq = to_batch_seq(sql_data, idx, 0, len(sql_data))
    with torch.no_grad():
        pred = model(q_seq).argmax(1)
    return (pred == torch.tensor(ans_seq)).float().mean().item()
