import numpy as np

TAGS = ['python', 'javascript', 'java', 'c#', 'android', 'sql', 'html', 'css', 'git', 'linux']

_KEYWORDS = {
    'python': ['pandas', 'pip', 'def', 'numpy'], 'javascript': ['npm', 'promise', 'node', 'callback'],
    'java': ['jvm', 'maven', 'spring', 'jar'], 'c#': ['dotnet', 'linq', 'nuget', 'async'],
    'android': ['activity', 'gradle', 'apk', 'intent'], 'sql': ['join', 'select', 'index', 'query'],
    'html': ['div', 'form', 'tag', 'dom'], 'css': ['flexbox', 'margin', 'selector', 'grid'],
    'git': ['commit', 'rebase', 'branch', 'merge'], 'linux': ['bash', 'kernel', 'chmod', 'systemd'],
}
_COMMON = 'how to fix error when using my code does not work with in the why can i get'.split()


def synth_questions(n, seed):
    rng = np.random.RandomState(seed)
    questions, tags = [], []
    for _ in range(n):
        tag = TAGS[rng.randint(len(TAGS))]
        words = list(rng.choice(_COMMON, size=rng.randint(5, 10)))
        words += list(rng.choice(_KEYWORDS[tag], size=2))
        rng.shuffle(words)
        questions.append(' '.join(words))
        tags.append(tag)
    return questions, tags


def hash_features(questions, n_features=256):
    X = np.zeros((len(questions), n_features), dtype=np.float32)
    for i, q in enumerate(questions):
        for tok in q.split():
            h = 0
            for ch in tok:
                h = (h * 131 + ord(ch)) % 1000003
            X[i, h % n_features] += 1.0
    X /= np.maximum(X.sum(axis=1, keepdims=True), 1.0)
    return X


def encode_tags(tags, classes=TAGS):
    tag2id = {t: i for i, t in enumerate(classes)}
    ids = np.array([tag2id[t] for t in tags])
    return np.eye(len(classes), dtype=np.float32)[ids]


def load_splits(n_train=480, n_val=96, seed=42):
    q_tr, t_tr = synth_questions(n_train, seed)
    q_va, t_va = synth_questions(n_val, seed + 1)
    return (hash_features(q_tr), encode_tags(t_tr)), (hash_features(q_va), encode_tags(t_va))
