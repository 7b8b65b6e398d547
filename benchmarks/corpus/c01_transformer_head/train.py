import torch, torch.nn as nn
class TextClassifier(nn.Module):
    def __init__(self, vocab=100, d_model=32, n_classes=4, max_len=12):
        super().__init__()
        self.emb = nn.Embedding(vocab, d_model)
        layer = nn.TransformerEncoderLayer(d_model, nhead=4, batch_first=True, dim_feedforward=64)
        self.encoder = nn.TransformerEncoder(layer, num_layers=2)
        self.head = nn.Linear(d_model * max_len, n_classes)
    def forward(self, tokens):
        h = self.encoder(self.emb(tokens))
        return self.head(h.mean(dim=1))
model = TextClassifier()
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
tokens, labels = torch.randint(0, 100, (16, 12)), torch.randint(0, 4, (16,))
for step in range(3):
    loss = nn.CrossEntropyLoss()(model(tokens), labels)
    opt.zero_grad(); loss.backward(); opt.step()
