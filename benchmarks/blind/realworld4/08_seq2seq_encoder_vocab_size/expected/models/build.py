from models.seq2seq import EncoderRNN, DecoderRNN, Seq2Seq


def build_model(DE, EN, hidden_size=64, n_layers=1, dropout=0.1):
    encoder = EncoderRNN(len(DE.vocab), hidden_size, n_layers=n_layers, dropout=dropout)
    decoder = DecoderRNN(hidden_size, len(EN.vocab), n_layers=n_layers, dropout=dropout)
    return Seq2Seq(encoder, decoder)
