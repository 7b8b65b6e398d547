#!/bin/python3

# process command line args
import argparse
parser = argparse.ArgumentParser()
parser_model = parser.add_argument_group('model options')
parser_model.add_argument('--model',choices=['cnn','rnn','gru','lstm'],default='cnn')
parser_model.add_argument('--hidden_layer_size',type=int,default=32)
parser_model.add_argument('--num_layers',type=int,default=2)
parser_model.add_argument('--input_length',type=int,default=12)
parser_opt = parser.add_argument_group('optimization options')
parser_opt.add_argument('--batch_size',type=int,default=8)
parser_opt.add_argument('--learning_rate',type=float,default=1e-1)
parser_opt.add_argument('--weight_decay',type=float,default=1e-4)
parser_opt.add_argument('--samples',type=int,default=200)
args = parser.parse_args()

# imports
import random
import string
import torch
import torch.nn as nn

random.seed(0)
torch.manual_seed(0)

# synthetic names dataset: each category has its own preferred letters
vocabulary = string.ascii_letters + " .,;'"
all_categories = ['English', 'French', 'Greek', 'Japanese']
letters = {c: random.sample(string.ascii_lowercase, 8) for c in all_categories}

def random_name(category):
    n = random.randint(3, args.input_length)
    return ''.join(random.choice(letters[category]) for _ in range(n)).capitalize()

def str_to_tensor(ss,input_length=None):
    '''
    Converts a list of strings into a tensor of shape <max_length, len(ss), len(vocabulary)>.
    '''
    if input_length is None:
        input_length = max([len(s) for s in ss])
    ret = torch.zeros(input_length, len(ss), len(vocabulary))
    for j,s in enumerate(ss):
        for i,letter in enumerate(s[:input_length]):
            ret[i][j][vocabulary.find(letter)] = 1
    return ret

# define the model
class CNNModel(nn.Module):
    def __init__(self):
        super(CNNModel,self).__init__()
        self.relu = nn.ReLU()
        self.cnn = nn.Conv1d(len(vocabulary),args.hidden_layer_size,3,padding=1)
        self.cnns = (args.num_layers-1)*[nn.Conv1d(args.hidden_layer_size,args.hidden_layer_size,3,padding=1)]
        self.fc = nn.Linear(args.hidden_layer_size*args.input_length,len(all_categories))

    def forward(self, x):
        out = torch.einsum('lbv->bvl', x)
        out = self.cnn(out)
        out = self.relu(out)
        for cnn in self.cnns:
            out = cnn(out)
            out = self.relu(out)
        out = out.view(args.batch_size,args.hidden_layer_size*args.input_length)
        out = self.fc(out)
        return out

# load the model
if args.model=='cnn':
    model = CNNModel()

# training
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(
        model.parameters(),
        lr=args.learning_rate,
        weight_decay=args.weight_decay
        )

loss_sum = 0
for step in range(1, args.samples + 1):
    categories = [random.choice(all_categories) for _ in range(args.batch_size)]
    names = [random_name(c) for c in categories]
    line_tensor = str_to_tensor(names, args.input_length)
    category_tensor = torch.tensor([all_categories.index(c) for c in categories], dtype=torch.long)

    output = model(line_tensor)
    loss = criterion(output, category_tensor)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    loss_sum += loss.item()
    if step % 50 == 0:
        print('step={} loss={:.4f}'.format(step, loss_sum / 50))
        loss_sum = 0
