class ClassifierConfig:
    def __init__(self, vocab_size=1000, hidden_size=64, num_labels=2, problem_type=None,
                 classifier_dropout=0.1, id2label=None):
        self.vocab_size = vocab_size
        self.hidden_size = hidden_size
        self.num_labels = num_labels
        self.problem_type = problem_type
        self.classifier_dropout = classifier_dropout
        self.id2label = id2label or {i: f'LABEL_{i}' for i in range(num_labels)}
