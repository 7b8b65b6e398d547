# hyper-parameters
hidden_size = 64
n_layers = 1
dropout = 0.1
batch_size = 64
num_epochs = 2
learning_rate = 1e-3
max_len_sentence = 24
max_len_question = 20
min_word_count = 1
cuda = False
